/**
 * What the stream tests share: a `ws` client that keeps every frame, a poll for what it received, and
 * the REST calls that make API keys and listen keys and place orders (`/api/v3`, signed as Binance's),
 * and a price inside the spread.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD, type TestApp } from '../../../test/harness';
import { quoteText, type SpotMarket } from '../spot/markets';

export interface Key {
  api_key: string;
  secret: string;
}

export interface StreamClient {
  ws: WebSocket;
  /** Every text frame received, parsed. */
  got: any[];
  /** Pings the server sent (its keepalive). */
  pings: number;
  closed: { code: number; reason: string } | null;
  /** Sends a text frame: a string as it is, anything else as JSON. */
  send(msg: unknown): void;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it gives a value (not undefined, null or false). */
export async function waitFor<T>(
  what: string,
  fn: () => T | undefined | null | false,
  ms = 5_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** `ws://127.0.0.1:<port>` of a listening test app. */
export function baseOf(t: TestApp): string {
  const addr = t.app.server.address();
  return `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

/** Connects; a refused upgrade rejects with its HTTP status and body. */
export function openStream(base: string, path: string): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}${path}`);
    const c: StreamClient = {
      ws,
      got: [],
      pings: 0,
      closed: null,
      send: (msg) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
    };
    ws.on('message', (data) => c.got.push(JSON.parse(data.toString())));
    ws.on('ping', () => (c.pings += 1));
    ws.on('close', (code, reason) => (c.closed = { code, reason: reason.toString() }));
    ws.on('open', () => resolve(c));
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () =>
        reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, body })),
      );
    });
    ws.on('error', reject);
  });
}

/** A new read-and-trade API key of the user. */
export async function newApiKey(t: TestApp, email: string): Promise<Key> {
  const r = await t.call(
    'POST',
    '/api/user/api_keys',
    { label: 'stream', permissions: ['read', 'trade'], password: DEMO_PASSWORD },
    { token: await t.tokenFor(email) },
  );
  expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
  return r.body.message as Key;
}

/** Signs a request's query or form string (HMAC-SHA256 with the secret, or an Ed25519 key's). */
export type Signer = (payload: string) => string;
export const hmac =
  (secret: string): Signer =>
  (payload) =>
    crypto.createHmac('sha256', secret).update(payload).digest('hex');

/**
 * A signed `/api/v3` request as Binance's clients send it: GET/DELETE in the query, POST in a form body.
 * `opts` sends it from another address, at another time, or with a given signature.
 */
export async function signedWith(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  key: { api_key: string },
  sign: Signer,
  params: Record<string, string | number>,
  opts: { ip?: string; timestamp?: number; signature?: string } = {},
) {
  const all = new URLSearchParams(
    Object.entries({ ...params, timestamp: opts.timestamp ?? t.clock.now() }).map(
      ([k, v]) => [k, String(v)] as [string, string],
    ),
  ).toString();
  const signature = encodeURIComponent(opts.signature ?? sign(all));
  const headers: Record<string, string> = { 'x-mbx-apikey': key.api_key };
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const res =
    method === 'POST'
      ? await t.app.inject({
          method,
          url: `/api/v3${path}`,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `${all}&signature=${signature}`,
        })
      : await t.app.inject({ method, url: `/api/v3${path}?${all}&signature=${signature}`, headers });
  return { status: res.statusCode, body: res.json() as any, headers: res.headers };
}

/** A request signed with the key's own secret (HMAC). */
export const signed = (
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  key: Key,
  params: Record<string, string | number>,
) => signedWith(t, method, path, key, hmac(key.secret), params);

/** A USER_STREAM call: the API key header, no signature. */
export async function userStream(
  t: TestApp,
  method: 'POST' | 'PUT' | 'DELETE',
  key: Key | null,
  listenKey?: string,
) {
  const res = await t.app.inject({
    method,
    url: `/api/v3/userDataStream${listenKey === undefined ? '' : `?listenKey=${listenKey}`}`,
    headers: key ? { 'x-mbx-apikey': key.api_key } : {},
  });
  return { status: res.statusCode, body: res.json() as any };
}

/**
 * A bid price above every other bid and below every ask of the market on `app` (3,000 on an empty book),
 * as text: a sell crosses it and nothing else.
 */
export function insideBid(app: FastifyInstance, m: SpotMarket): string {
  const mb = app.ctx.services.spot.engine.committer.book(m.id)!;
  const bid = mb.book.bestBid();
  const ask = mb.book.bestAsk();
  const ticks =
    bid !== null
      ? bid + 1
      : ask !== null
        ? ask - 10
        : Number((3000n * 10n ** BigInt(m.quoteScale)) / m.rules.priceTick);
  return quoteText(m, m.rules.priceOf(ticks));
}
