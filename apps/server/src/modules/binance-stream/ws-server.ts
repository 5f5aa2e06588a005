/**
 * The raw WebSocket endpoint, on the API's own HTTP server beside socket.io (which owns `/wss/` and
 * `/socket.io/`): an `upgrade` for `/ws`, `/ws/<stream>[/<stream>...]` or `/stream?streams=a/b` is taken
 * here, any other path is left to the other listeners. Binance's rules: JSON requests `{method, params,
 * id}` answered `{result, id}` (or `{error: {code, msg}, id}`), at most MAX_STREAMS streams and
 * MAX_MESSAGES_PER_SECOND incoming messages (requests, pings, pongs) per connection (beyond: closed with
 * 1008 and the reason), a ping every PING_INTERVAL_MS and a close when no pong came for PONG_TIMEOUT_MS.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Timer } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import type { StreamClient, StreamHub } from './hub';

export const MAX_STREAMS = 1_024;
export const MAX_MESSAGES_PER_SECOND = 5;
export const PING_INTERVAL_MS = 20_000;
export const PONG_TIMEOUT_MS = 60_000;
/** A client that leaves this much unread is too slow for the streams: closed (1008). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Largest request: a SUBSCRIBE of MAX_STREAMS names fits. */
const MAX_REQUEST_BYTES = 64 * 1024;

/** Binance's error codes for requests: 2 a bad request, 3 bad JSON. */
const INVALID_REQUEST = 2;
const INVALID_JSON = 3;

type RequestId = number | string | null;

/** A request frame read: `{method, params, id}` with params an array, or the error to answer. */
export function parseRequest(
  text: string | null,
):
  | { ok: true; method: unknown; params: unknown[]; id: RequestId }
  | { ok: false; code: number; msg: string; id: RequestId } {
  let req: unknown;
  try {
    if (text === null) throw new Error('binary frames are not requests');
    req = JSON.parse(text);
  } catch (err) {
    return { ok: false, code: INVALID_JSON, msg: `Invalid JSON: ${(err as Error).message}`, id: null };
  }
  if (typeof req !== 'object' || req === null || Array.isArray(req))
    return {
      ok: false,
      code: INVALID_REQUEST,
      msg: 'Invalid request: a request is a JSON object {method, params, id}',
      id: null,
    };
  const { method, params, id } = req as { method?: unknown; params?: unknown; id?: unknown };
  const isIdOk =
    id === undefined ||
    id === null ||
    (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) ||
    (typeof id === 'string' && id.length <= 64);
  if (!isIdOk)
    return {
      ok: false,
      code: INVALID_REQUEST,
      msg: 'Invalid request: request ID must be an unsigned integer or a string',
      id: null,
    };
  const list = params === undefined ? [] : params;
  if (!Array.isArray(list))
    return {
      ok: false,
      code: INVALID_REQUEST,
      msg: 'Invalid request: params must be an array',
      id: (id ?? null) as RequestId,
    };
  return { ok: true, method, params: list, id: (id ?? null) as RequestId };
}

/** The stream names a SUBSCRIBE request frame asks for (none for any other frame). */
function subscribedNames(text: string | null): unknown[] {
  if (text === null || !text.includes('SUBSCRIBE')) return [];
  try {
    const req = JSON.parse(text) as { method?: unknown; params?: unknown };
    return req.method === 'SUBSCRIBE' && Array.isArray(req.params) ? req.params : [];
  } catch {
    return [];
  }
}

/** Where a connection came in: raw (`/ws...`) or combined (`/stream`), with the streams its URL names. */
export function parseStreamPath(url: string): { combined: boolean; streams: string[] } | null {
  const u = new URL(url, 'http://localhost');
  const path = u.pathname.replace(/\/+$/, '');
  if (path === '/ws') return { combined: false, streams: [] };
  if (path.startsWith('/ws/')) return { combined: false, streams: path.slice(4).split('/').filter(Boolean) };
  if (path === '/stream') {
    const q = u.searchParams.get('streams') ?? '';
    return { combined: true, streams: q.split('/').filter(Boolean) };
  }
  return null;
}

class Connection implements StreamClient {
  readonly streams = new Set<string>();
  lastPongAt: number;
  /** Requests waiting behind one that checks listen keys in the shared store (answered in order). */
  queue: Promise<void> | null = null;
  private windowStart = 0;
  private inWindow = 0;

  constructor(
    readonly ws: WebSocket,
    public combined: boolean,
    now: number,
  ) {
    this.lastPongAt = now;
  }

  deliver(stream: string, json: string): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.close(1008, 'Too slow: the client does not read its streams fast enough');
      return;
    }
    this.ws.send(this.combined ? `{"stream":${JSON.stringify(stream)},"data":${json}}` : json);
  }

  end(): void {
    this.ws.close(1000, 'listenKeyExpired');
  }

  /** Counts one incoming message; false once the second has more than the limit. */
  count(now: number): boolean {
    const second = Math.floor(now / 1000);
    if (second !== this.windowStart) {
      this.windowStart = second;
      this.inWindow = 0;
    }
    this.inWindow += 1;
    return this.inWindow <= MAX_MESSAGES_PER_SECOND;
  }
}

export class StreamServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_BYTES });
  private readonly connections = new Set<Connection>();
  private keepalive: Timer | null = null;
  private httpServer: HttpServer | null = null;
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    this.upgrade(req, socket, head);

  constructor(
    private readonly ctx: AppContext,
    private readonly hub: StreamHub,
  ) {}

  attach(httpServer: HttpServer): void {
    this.httpServer = httpServer;
    httpServer.on('upgrade', this.onUpgrade);
  }

  async close(): Promise<void> {
    this.keepalive?.clear();
    this.httpServer?.off('upgrade', this.onUpgrade);
    for (const c of this.connections) c.ws.terminate();
    this.connections.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  get size(): number {
    return this.connections.size;
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const where = parseStreamPath(req.url ?? '/');
    if (!where) return; // socket.io's paths, or nobody's
    // Listen keys in a shared store (several processes) are checked there first.
    const wait = this.hub.verifyKeys(() => where.streams);
    if (wait) void wait.then(() => this.upgradeTo(req, socket, head, where));
    else this.upgradeTo(req, socket, head, where);
  }

  private upgradeTo(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    where: { combined: boolean; streams: string[] },
  ): void {
    const problem =
      where.streams.length > MAX_STREAMS
        ? `too many streams: at most ${MAX_STREAMS} per connection`
        : where.streams.map((s) => this.hub.resolve(s)).find((r) => 'error' in r);
    if (problem) {
      const msg = typeof problem === 'string' ? problem : (problem as { error: string }).error;
      const body = JSON.stringify({ code: INVALID_REQUEST, msg: `Invalid request: ${msg}` });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, where.combined, where.streams));
  }

  private open(ws: WebSocket, combined: boolean, streams: string[]): void {
    const c = new Connection(ws, combined, this.ctx.clock.now());
    this.connections.add(c);
    // The keepalive runs while connections are open (a server without any runs no timer of it).
    this.keepalive ??= this.ctx.clock.setInterval(() => this.ping(), PING_INTERVAL_MS);
    this.add(c, streams);
    const tooMany = () => {
      if (c.count(this.ctx.clock.now())) return false;
      ws.close(1008, `Too many messages: more than ${MAX_MESSAGES_PER_SECOND} per second`);
      this.drop(c);
      return true;
    };
    ws.on('message', (data, isBinary) => {
      if (tooMany()) return;
      this.receive(c, isBinary ? null : data.toString());
    });
    ws.on('ping', () => void tooMany());
    ws.on('pong', () => {
      c.lastPongAt = this.ctx.clock.now();
      tooMany();
    });
    ws.on('close', () => this.drop(c));
    ws.on('error', () => this.drop(c));
  }

  private add(c: Connection, names: readonly string[]): void {
    const fresh = names.filter((n) => !c.streams.has(n));
    for (const n of fresh) c.streams.add(n);
    this.hub.subscribe(c, fresh);
  }

  private drop(c: Connection): void {
    if (!this.connections.delete(c)) return;
    this.hub.unsubscribe(c, c.streams);
    c.streams.clear();
    if (this.connections.size === 0) {
      this.keepalive?.clear();
      this.keepalive = null;
    }
  }

  private reply(c: Connection, msg: object): void {
    if (c.ws.readyState === WebSocket.OPEN) c.ws.send(JSON.stringify(msg));
  }

  private fail(c: Connection, code: number, msg: string, id: RequestId): void {
    this.reply(c, { error: { code, msg }, id });
  }

  /**
   * A request, answered in order: a SUBSCRIBE naming listen keys of a shared store waits for their check
   * (hub.verifyKeys), and the requests after it wait for it.
   */
  private receive(c: Connection, text: string | null): void {
    const step = (): void | Promise<void> => {
      const wait = this.hub.verifyKeys(() => subscribedNames(text));
      if (!wait) return this.request(c, text);
      return wait.then(
        () => this.request(c, text),
        () => this.request(c, text),
      );
    };
    const queued = c.queue ? c.queue.then(step) : step();
    if (!queued) return;
    c.queue = queued;
    void queued.finally(() => {
      if (c.queue === queued) c.queue = null;
    });
  }

  /** One request: SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS, SET_PROPERTY / GET_PROPERTY `combined`. */
  private request(c: Connection, text: string | null): void {
    const req = parseRequest(text);
    if (!req.ok) return this.fail(c, req.code, req.msg, req.id);
    const { method, params: list, id } = req;
    switch (method) {
      case 'SUBSCRIBE': {
        for (const name of list) {
          const r = this.hub.resolve(name);
          if ('error' in r) return this.fail(c, INVALID_REQUEST, `Invalid request: ${r.error}`, id);
        }
        const names = list as string[];
        const total = new Set([...c.streams, ...names]).size;
        if (total > MAX_STREAMS)
          return this.fail(
            c,
            INVALID_REQUEST,
            `Invalid request: too many streams: at most ${MAX_STREAMS} per connection`,
            id,
          );
        this.add(c, names);
        return this.reply(c, { result: null, id });
      }
      case 'UNSUBSCRIBE': {
        if (list.some((n) => typeof n !== 'string'))
          return this.fail(c, INVALID_REQUEST, 'Invalid request: stream names must be strings', id);
        const names = (list as string[]).filter((n) => c.streams.has(n));
        for (const n of names) c.streams.delete(n);
        this.hub.unsubscribe(c, names);
        return this.reply(c, { result: null, id });
      }
      case 'LIST_SUBSCRIPTIONS':
        return this.reply(c, { result: [...c.streams], id });
      case 'SET_PROPERTY':
        if (list[0] !== 'combined') return this.fail(c, 0, 'Unknown property', id);
        if (typeof list[1] !== 'boolean') return this.fail(c, 1, 'Invalid value type: expected Boolean', id);
        c.combined = list[1];
        return this.reply(c, { result: null, id });
      case 'GET_PROPERTY':
        if (list[0] !== 'combined') return this.fail(c, 0, 'Unknown property', id);
        return this.reply(c, { result: c.combined, id });
      default:
        return this.fail(
          c,
          INVALID_REQUEST,
          `Invalid request: unknown method ${JSON.stringify(method)}: SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS, SET_PROPERTY or GET_PROPERTY`,
          id,
        );
    }
  }

  /** Pings every connection; one that answered no ping for PONG_TIMEOUT_MS is closed. */
  private ping(): void {
    const now = this.ctx.clock.now();
    for (const c of this.connections) {
      if (now - c.lastPongAt > PONG_TIMEOUT_MS) {
        c.ws.terminate();
        this.drop(c);
      } else if (c.ws.readyState === WebSocket.OPEN) c.ws.ping();
    }
  }
}
