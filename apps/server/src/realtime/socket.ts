import type { Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import {
  LEGACY_SOCKET_PATH,
  SOCKET_PATH,
  type LoginEmit,
  type MarketEvents,
  type UserEvents,
} from '@oryx/contracts/socket';
import type { FastifyBaseLogger } from 'fastify';
import type { Realtime } from './realtime';
import { BurstBroadcast } from './broadcast';

export const userRoom = (userId: number) => `user:${userId}`;
/** Every socket that logged in with a session also joins its room, so ending the session finds them. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** setTimeout's longest delay; a later expiry re-arms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a good token proves. */
export interface SocketSession {
  userId: number;
  sessionId: number;
  /** Clock milliseconds. */
  expiresAt: number;
}

export interface SocketOptions {
  httpServer: HttpServer;
  redisUrl?: string | undefined;
  log: FastifyBaseLogger;
  /**
   * The transports accepted (SOCKET_TRANSPORTS). With several processes behind a load balancer, HTTP
   * long-polling needs sticky sessions (its requests must reach the process that holds the session);
   * WebSocket alone does not (one connection, one process). docs/scale-out.md says which to choose.
   */
  transports?: readonly ('polling' | 'websocket')[];
  /**
   * Prefix of the Redis channels (the cluster's namespace, `oryx:<hash of DATABASE_URL>:`), so servers of
   * different databases sharing one Redis never reach each other's sockets.
   */
  redisPrefix?: string;
  /** Origins allowed to connect from another site (CORS_ORIGINS); empty = same origin only. */
  corsOrigins?: readonly string[];
  /** Resolves a session token to its session, or null. */
  verifyToken(token: string): Promise<SocketSession | null>;
  /** Resolves the handshake's `Cookie` header to the session its session cookie proves, or null. */
  verifyCookie?(cookieHeader: string | undefined): Promise<SocketSession | null>;
  /** The clock sessions expire by. */
  now(): number;
}

/**
 * socket.io at `/wss/` and at socket.io's default `/socket.io/` on the API's own port. Engine.IO v3 clients
 * (socket.io-client 2.x, used by existing clients of this API family, which cannot choose a path) are
 * accepted as well as current ones. Both paths are one Engine.IO server attached twice, so they are one
 * socket.io server: the same rooms, the same adapter, one emit reaches both. With REDIS_URL several
 * processes share rooms through the Redis adapter.
 */
export async function createSocketServer(
  opts: SocketOptions,
): Promise<{ io: Server; realtime: Realtime; close(): Promise<void> }> {
  const io = new Server(opts.httpServer, {
    path: SOCKET_PATH,
    allowEIO3: true,
    transports: [...(opts.transports ?? ['polling', 'websocket'])],
    serveClient: false,
    cors: { origin: opts.corsOrigins?.length ? [...opts.corsOrigins] : false, methods: ['GET', 'POST'] },
    maxHttpBufferSize: 16 * 1024,
  });
  // The second path: the same engine catches requests and upgrades under `/socket.io/` too. The first
  // attachment already ends upgrades for other paths, so this one leaves them alone.
  io.engine.attach(opts.httpServer, { path: LEGACY_SOCKET_PATH, destroyUpgrade: false });
  writeEachFlushAtOnce(io);
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  let toEverySocket: (event: string, payload: unknown) => void = (event, payload) => io.emit(event, payload);
  let beforeAdapter = () => {};
  if (opts.redisUrl) {
    // Connect the clients before the adapter subscribes, so no command is queued on a closed link.
    pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    const prefix = opts.redisPrefix ?? '';
    io.adapter(createAdapter(pub, sub, { key: `${prefix}socket.io` }));
    const bursts = new BurstBroadcast(
      pub,
      `${prefix}socket.io-market`,
      (event, payload) => void io.local.emit(event, payload),
      (err) => opts.log.warn({ err }, 'socket market broadcast failed'),
    );
    // The adapter's connection: one subscriber receives what one publisher sent in the order it was sent,
    // so a user's event and a market event sent after it arrive in that order on every process.
    await bursts.listen(sub);
    toEverySocket = (event, payload) => bursts.emit(event, payload);
    beforeAdapter = () => bursts.flush();
  }

  io.on('connection', (socket) => handleConnection(socket, opts));

  const realtime: Realtime = {
    toAll<E extends keyof MarketEvents>(event: E, payload: MarketEvents[E]) {
      toEverySocket(event, payload);
    },
    toUser<E extends keyof UserEvents>(userId: number, event: E, payload: UserEvents[E]) {
      beforeAdapter();
      io.to(userRoom(userId)).emit(event, payload);
    },
    endSessions(ended) {
      // Adapter-wide: with the Redis adapter every process makes its own sockets of the session leave.
      beforeAdapter();
      for (const { userId, sessionId } of ended) {
        io.in(sessionRoom(sessionId)).socketsLeave([userRoom(userId), sessionRoom(sessionId)]);
      }
    },
  };

  return {
    io,
    realtime,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.allSettled([sub?.quit(), pub?.quit()]);
    },
  };
}

/** The TCP socket under an Engine.IO connection's WebSocket transport (none for HTTP long-polling). */
function tcpSocketOf(conn: unknown): Duplex | undefined {
  const transport = (conn as { transport?: { name?: string; socket?: { _socket?: Duplex } } }).transport;
  if (transport?.name !== 'websocket') return undefined;
  const tcp = transport.socket?._socket;
  return tcp && typeof tcp.cork === 'function' ? tcp : undefined;
}

/**
 * One write system call per socket per flush. Engine.IO writes a connection's next packets only once its
 * previous write completed, so the packets of a burst (a market's depth, trades, the bar of every period,
 * its 24 h summary) emitted behind the first wait in the connection's buffer and leave together; but the
 * WebSocket transport hands them to the TCP socket one frame at a time, and each frame was a `writev` of
 * its own. At a thousand sockets those calls were most of the fan-out's CPU time. Corking the TCP socket
 * from the flush's start (the engine's `flush` event) to its end (`drain`, emitted right after the
 * transport took the packets) sends them in one: the frames, their bytes and their order are unchanged.
 */
function writeEachFlushAtOnce(io: Server): void {
  const corked = new WeakMap<object, Duplex>();
  io.engine.on('flush', (conn: object, packets: unknown[]) => {
    if (packets.length < 2) return;
    const tcp = tcpSocketOf(conn);
    if (!tcp || corked.has(conn)) return;
    tcp.cork();
    corked.set(conn, tcp);
  });
  io.engine.on('drain', (conn: object) => {
    const tcp = corked.get(conn);
    if (!tcp) return;
    corked.delete(conn);
    tcp.uncork();
  });
}

/**
 * One socket: `login` with a good token joins the user's room and the session's room; a new login, the
 * session's end (`endSessions`, on any process) or its expiry leaves them.
 */
function handleConnection(socket: Socket, opts: SocketOptions): void {
  let expiry: ReturnType<typeof setTimeout> | undefined;
  const leavePrivate = async () => {
    clearTimeout(expiry);
    for (const room of [...socket.rooms]) {
      if (room.startsWith('user:') || room.startsWith('session:')) await socket.leave(room);
    }
  };
  // The session's expiry ends the socket's private events as a logout would (re-armed past 24 days).
  const armExpiry = (expiresAt: number) => {
    const left = expiresAt - opts.now();
    expiry = setTimeout(
      () => void (left > MAX_TIMER_MS ? armExpiry(expiresAt) : leavePrivate()),
      Math.max(0, Math.min(left, MAX_TIMER_MS)),
    );
    expiry.unref?.();
  };
  socket.on('disconnect', () => clearTimeout(expiry));
  socket.on('login', async (payload: LoginEmit, ack?: (r: { type: string; message: string }) => void) => {
    try {
      const token = typeof payload === 'object' && payload !== null ? payload.token : undefined;
      // Those clients emit the same bare id before nearly every subscription: a socket still in that
      // user's room (its session has not ended) is answered without asking the database again.
      const bareId = bareUserId(payload);
      if (bareId !== null && socket.rooms.has(userRoom(bareId))) {
        ack?.({ type: 'ok', message: 'joined' });
        return;
      }
      const session =
        typeof token === 'string' && token.length > 0
          ? await opts.verifyToken(token)
          : await cookieSessionOf(socket, opts, bareId);
      await leavePrivate();
      if (session !== null) {
        await socket.join([userRoom(session.userId), sessionRoom(session.sessionId)]);
        armExpiry(session.expiresAt);
        ack?.({ type: 'ok', message: 'joined' });
      } else {
        // A bare user id alone proves nothing: market events still arrive, private ones do not.
        ack?.({ type: '999', message: 'no valid session: market events only' });
      }
    } catch (err) {
      opts.log.warn({ err }, 'socket login failed');
    }
  });
}

/** The user id of a bare-id `login` (`"12"` or `12`, as clients of this API family send), or null. */
function bareUserId(payload: unknown): number | null {
  const text = typeof payload === 'number' ? String(payload) : payload;
  return typeof text === 'string' && /^[1-9][0-9]{0,15}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * A bare-id login is believed only with the browser's own proof: the session cookie its handshake carried
 * (set at login, HttpOnly), naming a live session of that same user, from a page of this origin or a
 * configured one. A stranger's socket sending someone's id has no such cookie.
 */
async function cookieSessionOf(
  socket: Socket,
  opts: SocketOptions,
  userId: number | null,
): Promise<SocketSession | null> {
  if (userId === null || !opts.verifyCookie) return null;
  const headers = socket.request.headers;
  if (!originAllowed(headers.origin, headers.host, opts.corsOrigins ?? [])) return null;
  const session = await opts.verifyCookie(headers.cookie);
  return session !== null && session.userId === userId ? session : null;
}

/** No `Origin` (not a browser page), the server's own origin, or a configured one. */
function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]) {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
