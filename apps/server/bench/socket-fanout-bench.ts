/**
 * Socket fan-out: how fast one market's pushes reach a thousand socket.io clients, on one server process
 * and across two processes through the socket.io Redis adapter.
 *
 *   pnpm tsx apps/server/bench/socket-fanout-bench.ts [--clients 1000] [--procs 2] [--seconds 20] [--rate 10]
 *     [--warmup 3] [--without-klines] [--redis-only | --no-redis]
 *
 * 1. One process: the real app (buildApp, sockets on, production mode: no demo bot) on a fresh SQLite
 *    file, in this process, listening on a free port; two funded traders with session tokens.
 *    Two processes (with TEST_DATABASE_URL and TEST_REDIS_URL): a fresh PostgreSQL database on that
 *    server; the market's owner is the app in this process (REDIS_URL set, so socket.io uses the Redis
 *    adapter and the spot markets are shared: it takes them all), the second is a child process
 *    (socket-fanout-server.ts, `SPOT_OWNER=none`: it owns no market). The clients connect to the second,
 *    so every push they receive was emitted by the owner and crossed Redis; the orders go to both in turn.
 * 2. CLIENTS socket.io clients (socket.io-client 4, websocket transport, path /wss/) in PROCS child
 *    processes (socket-fanout-clients.ts): the clients' side parses every message of every client, and
 *    one event loop for a thousand of them would measure its own queue, not the server.
 * 3. The market ETH/USDT receives RATE order updates per second through `POST /api/coin/trade` (the
 *    real path: route, service, engine, group commit, then the spot publisher's push), evenly spaced for
 *    SECONDS: every other order rests (a bid below or an ask above the spread, so the depth changes), the
 *    others cross a resting order (a trade: `match_trade`, `kline`, `transaction`, then `daymarket`).
 *    The publisher throttles its pushes to one burst per market every 200 ms (spot/events.ts), so ten
 *    updates a second give about five bursts a second.
 * 4. Delivery latency = a client's receive time − the moment the emitting server (the owner, in this
 *    process in both shapes) called `realtime.toAll` for that payload (the bench wraps the app's
 *    Realtime to note it; nothing is added to the payloads), both on this machine's clock
 *    (performance.timeOrigin + performance.now()). Payloads are matched by their JSON text; a payload
 *    sent twice with the same text is left out (it cannot be told apart). p50, p99 and max over every
 *    delivery of the followed events (depth, trades, ticker), and every market message delivered per
 *    second (klines included: they go to every socket too).
 *
 * Market events go to every socket (socket.io has no per-market rooms here): a client "follows" a market
 * by keeping that market's payloads, as the web app does. Figures never pass or fail anything.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Realtime } from '../src/realtime/realtime';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/env';
import { BENCH_SECRETS } from './secrets';
import { fundedTrader } from './bench-app';
import { startProfile } from './socket-fanout-profile';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const SYMBOL = 'ETH/USDT';
const FOLLOWED = new Set(['market_depth', 'match_trade', 'transaction', 'daymarket']);

export interface SocketFanoutOptions {
  clients?: number;
  procs?: number;
  seconds?: number;
  rate?: number;
  /** Seconds of updates before latency is counted. */
  warmup?: number;
  /**
   * An experiment, not the product: the wrapper drops `kline` pushes (every period's bar, to every
   * socket, each burst with a trade) to show what they cost the followed events behind them.
   */
  withoutKlines?: boolean;
  /**
   * `both` (default): one process, then two over Redis when TEST_DATABASE_URL and TEST_REDIS_URL are
   * set; `only`: the two-process run alone; `off`: the one-process run alone.
   */
  redis?: 'both' | 'only' | 'off';
  log?: (line: string) => void;
}

export interface SocketFanoutResult {
  socket_fanout_clients: number;
  socket_fanout_client_procs: number;
  socket_fanout_p50_ms?: number | null;
  socket_fanout_p99_ms?: number | null;
  socket_fanout_max_ms?: number | null;
  /** Market messages delivered per second, all clients together (klines included). */
  socket_fanout_msgs_per_s?: number;
  /** Order updates per second the market received (committed, `type: "ok"`). */
  socket_fanout_updates_per_s?: number;
  /** Followed payloads (depth, trades, ticker) the server pushed per second. */
  socket_fanout_pushes_per_s?: number;
  /** Deliveries of the followed payloads measured / sent × connected clients. */
  socket_fanout_delivered_ratio?: number;
  /** CPU time of the server's process over the measured window, in cores (1 = one core all along). */
  socket_fanout_server_cpu_share?: number;
  /** Mean time inside one `toAll` (encode once, write to every socket), ms. */
  socket_fanout_emit_ms_each?: number;
  /** CPU time of all client processes over the window, in cores. */
  socket_fanout_client_cpu_share?: number;
  socket_fanout_load_avg_1m?: number;
  /** The two-process run (owner + socket process over Redis): the same figures, `_redis_` prefixed. */
  socket_fanout_redis_clients?: number;
  socket_fanout_redis_p50_ms?: number | null;
  socket_fanout_redis_p99_ms?: number | null;
  socket_fanout_redis_max_ms?: number | null;
  socket_fanout_redis_msgs_per_s?: number;
  socket_fanout_redis_updates_per_s?: number;
  socket_fanout_redis_pushes_per_s?: number;
  socket_fanout_redis_delivered_ratio?: number;
  /** The owner's process (this one: emits, publishes to Redis, no client sockets), in cores. */
  socket_fanout_redis_owner_cpu_share?: number;
  /** The socket process (receives from Redis, writes to every client socket), in cores. */
  socket_fanout_redis_socket_cpu_share?: number;
  /** Mean time inside one `toAll` on the owner (encode, publish to Redis), ms. */
  socket_fanout_redis_emit_ms_each?: number;
  socket_fanout_redis_client_cpu_share?: number;
  socket_fanout_redis_load_avg_1m?: number;
  /** Why the two-process figures are absent (TEST_DATABASE_URL or TEST_REDIS_URL not set). */
  socket_fanout_redis_skipped?: string;
}

const now = () => performance.timeOrigin + performance.now();

function isFollowed(event: string, p: Record<string, unknown>): boolean {
  if (!FOLLOWED.has(event)) return false;
  return event === 'transaction' ? p.token === SYMBOL : p.symbol === SYMBOL;
}

/** Two traders funded through the ledger (USDT and ETH), with session tokens. */
async function makeTraders(app: FastifyInstance): Promise<string[]> {
  const at = Date.now();
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) {
    const email = `fanout${i}@oryx.local`;
    tokens.push(await fundedTrader(app, { email, extensionCode: `FANOUT${i}` }, at));
  }
  return tokens;
}

/**
 * The i-th update: even ones rest (trader 0: a bid under 3400 or an ask over it, 0.01 to 0.0149 ETH),
 * odd ones cross the best resting order on the other side (trader 1, 0.001 ETH): a trade.
 */
function update(i: number, tokens: string[]): { token: string; body: string } {
  const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
  const phase = i % 4;
  const step = Math.floor(i / 4) % 20;
  const rest = (side: 1 | 2) => ({
    token: tokens[0]!,
    body: JSON.stringify({
      legal_id: 1,
      currency_id: 3,
      target_price: cents(side === 1 ? 339_990 - step : 340_010 + step),
      amount: `0.0${100 + (Math.floor(i / 2) % 50)}`,
      type: side,
    }),
  });
  const cross = (side: 1 | 2) => ({
    token: tokens[1]!,
    body: JSON.stringify({
      legal_id: 1,
      currency_id: 3,
      target_price: side === 1 ? '3402.00' : '3398.00',
      amount: '0.0010',
      type: side,
    }),
  });
  return phase === 0 ? rest(1) : phase === 1 ? cross(2) : phase === 2 ? rest(2) : cross(1);
}

interface ClientResult {
  recv: [string, number[]][];
  counts: Record<string, number>;
  disconnects: number;
  cpuMs: number;
}

function forkClients(url: string, count: number): { child: ChildProcess; ready: Promise<number> } {
  const child = fork(path.join(here, 'socket-fanout-clients.ts'), [url, String(count)], {
    cwd: serverDir,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FANOUT_SYMBOL: SYMBOL },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`client process exited with ${code}`)));
    child.on('message', (m: { type: string; connected?: number }) => {
      if (m.type === 'ready') resolve(m.connected ?? 0);
    });
  });
  return { child, ready };
}

function resultOf(child: ChildProcess): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`client process exited with ${code} before its result`)));
    child.on('message', (m: { type: string } & ClientResult) => {
      if (m.type === 'result') resolve(m);
    });
    child.send({ type: 'stop' });
  });
}

function percentile(sorted: Float64Array, q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const ms = (x: number | null) => (x === null ? null : Number(x.toFixed(x < 10 ? 2 : 1)));

/** Every delivery of a payload sent once, matched to its send moment; p50, p99, max (ms). */
function latencyStats(results: ClientResult[], sent: Map<string, number>, sentTwice: Set<string>) {
  let delivered = 0;
  let messages = 0;
  let disconnects = 0;
  const latencies: number[] = [];
  const perEvent = new Map<string, number[]>();
  for (const r of results) {
    disconnects += r.disconnects;
    for (const n of Object.values(r.counts)) messages += n;
    for (const [key, times] of r.recv) {
      const at = sent.get(key);
      if (at === undefined || sentTwice.has(key)) continue;
      const event = key.slice(3, key.indexOf('"', 3));
      let mine = perEvent.get(event);
      if (!mine) perEvent.set(event, (mine = []));
      for (const t of times) {
        latencies.push(t - at);
        mine.push(t - at);
      }
      delivered += times.length;
    }
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    delivered,
    messages,
    disconnects,
    perEvent,
    pushes: sent.size - sentTwice.size,
    p50: ms(percentile(sorted, 0.5)),
    p99: ms(percentile(sorted, 0.99)),
    max: ms(sorted.length ? sorted[sorted.length - 1]! : null),
  };
}

/** COUNT clients over PROCS child processes, connected to URL. */
async function startClients(url: string, count: number, procs: number) {
  const perProc = Array.from(
    { length: procs },
    (_, i) => Math.floor(count / procs) + (i < count % procs ? 1 : 0),
  );
  const forks = perProc.map((n) => forkClients(url, n));
  const children = forks.map((f) => f.child);
  try {
    const connected = (await Promise.all(forks.map((f) => f.ready))).reduce((a, b) => a + b, 0);
    return { children, connected };
  } catch (err) {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    throw err;
  }
}

/** The server side of one measurement. */
interface Stand {
  /** One process, or the market's owner and a socket process over Redis. */
  label: string;
  /** The Realtime of the process that emits the market's pushes (the owner: this process). */
  realtime: Realtime;
  /** Where the clients connect. */
  clientUrl: string;
  /** Where the orders go, in turn. */
  orderUrls: string[];
  tokens: string[];
  /** CPU time so far (ms) of the server processes other than this one (0 when there are none). */
  othersCpuMs(): Promise<number>;
  close(): Promise<void>;
}

/** The figures of one measurement (the result's fields without their prefix). */
interface Measured {
  clients: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
  msgsPerS: number;
  updatesPerS: number;
  pushesPerS: number;
  deliveredRatio: number;
  /** This process (the emitting server and the order driver), in cores. */
  serverCpuShare: number;
  /** The other server process (the socket process of the Redis run), in cores. */
  othersCpuShare: number;
  emitMsEach: number;
  clientCpuShare: number;
  loadAvg: number;
}

const benchEnv = (dir: string, databaseUrl: string, more: Record<string, string> = {}) =>
  loadEnv({
    DATABASE_URL: databaseUrl,
    ORYX_MODE: 'production',
    ...BENCH_SECRETS,
    LOG_LEVEL: 'warn',
    UPLOAD_DIR: path.join(dir, 'uploads'),
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
    ...more,
  });

async function urlOf(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

/** The real app on a fresh SQLite file, in this process; clients and orders both on it. */
async function oneProcess(): Promise<Stand> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-fanout-'));
  const app = await buildApp({
    env: benchEnv(dir, `file:${path.join(dir, 'oryx.db')}`),
    sockets: true,
    seed: true,
    background: false,
  });
  try {
    const tokens = await makeTraders(app);
    const url = await urlOf(app);
    return {
      label: 'one process',
      realtime: app.ctx.realtime,
      clientUrl: url,
      orderUrls: [url],
      tokens,
      othersCpuMs: async () => 0,
      close: async () => {
        await app.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** CPU time so far of a child that answers `{type: 'cpu'}` (socket-fanout-server.ts). */
function cpuMsOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: { type: string; cpuMs?: number }) => {
      if (m.type !== 'cpu') return;
      child.off('message', on);
      resolve(m.cpuMs ?? 0);
    };
    child.on('message', on);
    child.send({ type: 'cpu' });
  });
}

/**
 * Two server processes on a fresh PostgreSQL database and the Redis: the market's owner in this process
 * (so its emits can be timed), and a socket process (socket-fanout-server.ts, `SPOT_OWNER=none`) that
 * owns nothing. The clients connect to the socket process, so every push they get crossed Redis (the
 * socket.io Redis adapter); the orders go to both in turn (the socket process routes its own to the
 * owner through Redis).
 */
async function twoProcesses(databaseServerUrl: string, redisUrl: string): Promise<Stand> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-fanout-'));
  const dbName = `oryx_fanout_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseServerUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = new URL(databaseServerUrl);
  databaseUrl.pathname = `/${dbName}`;
  const cleanups: (() => Promise<unknown> | void)[] = [
    async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    },
    () => fs.rmSync(dir, { recursive: true, force: true }),
  ];
  const close = async () => {
    for (const c of cleanups.reverse()) await c();
  };
  try {
    const owner = await buildApp({
      env: benchEnv(dir, databaseUrl.href, { REDIS_URL: redisUrl, SPOT_CLAIM_MS: '300' }),
      sockets: true,
      seed: true,
      background: false,
    });
    // The cluster's keys (the markets' command streams, their views) outlive the processes: removed last.
    const keyPrefix = owner.ctx.services.cluster.bus.key('');
    cleanups.splice(1, 0, async () => {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
      try {
        for (let cursor = '0'; ;) {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
          if (keys.length > 0) await redis.del(...keys);
          if ((cursor = next) === '0') break;
        }
      } finally {
        redis.disconnect();
      }
    });
    cleanups.push(() => owner.close());
    const engine = owner.ctx.services.spot.engine;
    const market = engine.allMarkets().find((m) => m.symbol === SYMBOL);
    if (!market) throw new Error(`no market ${SYMBOL}`);
    for (const deadline = Date.now() + 30_000; !engine.owns(market.id);) {
      if (Date.now() > deadline) throw new Error(`the owner did not take ${SYMBOL}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const tokens = await makeTraders(owner);
    const ownerUrl = await urlOf(owner);

    const child = fork(path.join(here, 'socket-fanout-server.ts'), [], {
      cwd: serverDir,
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl.href,
        REDIS_URL: redisUrl,
        SPOT_OWNER: 'none',
        ORYX_MODE: 'production',
        ...BENCH_SECRETS,
        LOG_LEVEL: 'warn',
        UPLOAD_DIR: path.join(dir, 'uploads'),
        RATE_LIMIT_PER_MINUTE: '100000000',
        WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    cleanups.push(async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'stop' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the socket process exited with ${code}`)));
      child.on('message', (m: { type: string; port?: number }) => {
        if (m.type === 'ready') resolve(m.port ?? 0);
      });
    });
    const socketUrl = `http://127.0.0.1:${port}`;
    return {
      label: 'two processes over Redis',
      realtime: owner.ctx.realtime,
      clientUrl: socketUrl,
      orderUrls: [ownerUrl, socketUrl],
      tokens,
      othersCpuMs: () => cpuMsOf(child),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The clients on the stand, RATE updates a second through the API, latency from the owner's emits. */
async function measure(
  stand: Stand,
  opts: Required<Omit<SocketFanoutOptions, 'log' | 'redis'>>,
  log: (line: string) => void,
): Promise<Measured> {
  const { clients, procs, seconds, rate, warmup } = opts;
  const children: ChildProcess[] = [];
  // The send moment of every followed payload, noted where the spot publisher and the tickers emit.
  const rt = stand.realtime;
  const emit = rt.toAll.bind(rt);
  const sent = new Map<string, number>();
  const sentTwice = new Set<string>();
  let isRecording = false;
  /** Time spent inside the emits themselves (encoding once, writing to every socket), ms. */
  let emitMs = 0;
  let emits = 0;
  rt.toAll = ((event: string, payload: Record<string, unknown>) => {
    if (event === 'kline' && opts.withoutKlines) return;
    if (!isRecording) return emit(event as never, payload as never);
    if (isFollowed(event, payload)) {
      // The text of the socket.io packet a client receives (socket-fanout-clients.ts keys by it).
      const key = `2${JSON.stringify([event, payload])}`;
      if (sent.has(key)) sentTwice.add(key);
      else sent.set(key, now());
    }
    const t0 = performance.now();
    emit(event as never, payload as never);
    emitMs += performance.now() - t0;
    emits++;
  }) as Realtime['toAll'];
  try {
    log(
      `socket fan-out (${stand.label}): ${clients} clients in ${procs} processes connecting to ${stand.clientUrl}...`,
    );
    const started = await startClients(stand.clientUrl, clients, procs);
    children.push(...started.children);
    const connected = started.connected;
    log(`  ${connected} connected`);

    const loadBefore = os.loadavg()[0]!;
    for (const c of children) c.send({ type: 'start' });
    const startedAt = now();
    let measuredFrom = startedAt;
    let serverCpuAtStart = process.cpuUsage();
    let othersCpuAtStart = 0;
    log(
      `socket fan-out: ${rate} order updates/s on ${SYMBOL} for ${warmup} + ${seconds} s${opts.withoutKlines ? ' (klines not pushed: experiment)' : ''}...`,
    );
    const warmupUpdates = Math.round(rate * warmup);
    const total = warmupUpdates + Math.round(rate * seconds);
    let profile: Promise<() => Promise<void>> = Promise.resolve(async () => {});
    const replies: Promise<boolean>[] = [];
    const refusals = new Set<string>();
    for (let i = 0; i < total; i++) {
      const due = startedAt + (i * 1000) / rate;
      const wait = due - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Latency is counted after the warm-up (both sides' code compiled by then).
      if (i === warmupUpdates) {
        isRecording = true;
        profile = startProfile(stand.label === 'one process' ? 'server' : 'owner');
        measuredFrom = now();
        serverCpuAtStart = process.cpuUsage();
        othersCpuAtStart = await stand.othersCpuMs();
      }
      const u = update(i, stand.tokens);
      replies.push(
        fetch(`${stand.orderUrls[i % stand.orderUrls.length]}/api/coin/trade`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: u.token },
          body: u.body,
        })
          .then(async (r) => {
            const text = await r.text();
            const isOk = r.status === 200 && text.startsWith('{"type":"ok"');
            if (!isOk && refusals.size < 5) refusals.add(`HTTP ${r.status} ${text.slice(0, 160)}`);
            return isOk;
          })
          .catch((err: unknown) => {
            refusals.add(String(err));
            return false;
          }),
      );
    }
    const okEach = await Promise.all(replies);
    const ok = okEach.slice(warmupUpdates).filter(Boolean).length;
    // The trailing push (throttled, ≤ 200 ms; daymarket ≤ 250 ms) and its delivery.
    await new Promise((r) => setTimeout(r, 1_000));
    isRecording = false;
    await (
      await profile
    )();
    const windowS = (now() - startedAt) / 1000;
    const measuredS = (now() - measuredFrom) / 1000;
    const serverCpu = process.cpuUsage(serverCpuAtStart);
    const othersCpuMs = (await stand.othersCpuMs()) - othersCpuAtStart;
    // This process: the server and the bench's own order driver (10 requests/s, negligible).
    const serverCpuShare = (serverCpu.user + serverCpu.system) / 1000 / (measuredS * 1000);
    const othersCpuShare = othersCpuMs / (measuredS * 1000);
    const results = await Promise.all(children.map(resultOf));
    const loadAfter = os.loadavg()[0]!;

    const { delivered, messages, disconnects, perEvent, p50, p99, max, pushes } = latencyStats(
      results,
      sent,
      sentTwice,
    );
    const byEvent = results.reduce<Record<string, number>>((acc, r) => {
      for (const [e, n] of Object.entries(r.counts)) acc[e] = (acc[e] ?? 0) + n;
      return acc;
    }, {});
    for (const r of refusals) log(`  refused: ${r}`);
    log(
      `  ${ok}/${total - warmupUpdates} updates committed after the warm-up; ${pushes} followed payloads pushed (${sentTwice.size} sent twice, left out)`,
    );
    log(
      `  delivery p50 ${p50} ms, p99 ${p99} ms, max ${max} ms over ${delivered} deliveries (${disconnects} disconnects)`,
    );
    for (const [event, list] of perEvent) {
      const s = Float64Array.from(list).sort();
      log(`    ${event}: p50 ${ms(percentile(s, 0.5))} ms, p99 ${ms(percentile(s, 0.99))} ms`);
    }
    log(
      `  ${Math.round(messages / windowS)} messages/s delivered in all (${Object.entries(byEvent)
        .map(([e, n]) => `${e} ${n}`)
        .join(', ')})`,
    );
    const clientCpuShare = results.reduce((a, r) => a + r.cpuMs, 0) / (windowS * 1000);
    log(
      `  emitting server: ${(serverCpuShare * 100).toFixed(0)} % of a core, ${((emitMs / measuredS) * 0.1).toFixed(0)} % of wall time inside the emits (${emits} emits, ${(emitMs / Math.max(1, emits)).toFixed(2)} ms each)${othersCpuMs > 0 ? `; socket process: ${(othersCpuShare * 100).toFixed(0)} % of a core` : ''}; clients: ${(clientCpuShare * 100).toFixed(0)} % of a core over ${procs} processes`,
    );
    log(`  load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
    return {
      clients: connected,
      p50,
      p99,
      max,
      msgsPerS: Math.round(messages / windowS),
      updatesPerS: Number((ok / seconds).toFixed(1)),
      pushesPerS: Number((pushes / measuredS).toFixed(1)),
      deliveredRatio: Number((delivered / Math.max(1, pushes * connected)).toFixed(4)),
      serverCpuShare: Number(serverCpuShare.toFixed(2)),
      othersCpuShare: Number(othersCpuShare.toFixed(2)),
      emitMsEach: Number((emitMs / Math.max(1, emits)).toFixed(2)),
      clientCpuShare: Number(clientCpuShare.toFixed(2)),
      loadAvg: Number(((loadBefore + loadAfter) / 2).toFixed(2)),
    };
  } finally {
    rt.toAll = emit;
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  }
}

export async function runSocketFanoutBench(opts: SocketFanoutOptions = {}): Promise<SocketFanoutResult> {
  const o = {
    clients: opts.clients ?? 1000,
    procs: opts.procs ?? 2,
    seconds: opts.seconds ?? 20,
    rate: opts.rate ?? 10,
    warmup: opts.warmup ?? 3,
    withoutKlines: opts.withoutKlines ?? false,
  };
  const log = opts.log ?? ((line: string) => console.log(line));
  const databaseServerUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  const redis = opts.redis ?? 'both';
  const result: SocketFanoutResult = {
    socket_fanout_clients: o.clients,
    socket_fanout_client_procs: o.procs,
  };

  if (redis !== 'only') {
    const stand = await oneProcess();
    try {
      const m = await measure(stand, o, log);
      Object.assign(result, {
        socket_fanout_clients: m.clients,
        socket_fanout_p50_ms: m.p50,
        socket_fanout_p99_ms: m.p99,
        socket_fanout_max_ms: m.max,
        socket_fanout_msgs_per_s: m.msgsPerS,
        socket_fanout_updates_per_s: m.updatesPerS,
        socket_fanout_pushes_per_s: m.pushesPerS,
        socket_fanout_delivered_ratio: m.deliveredRatio,
        socket_fanout_server_cpu_share: m.serverCpuShare,
        socket_fanout_emit_ms_each: m.emitMsEach,
        socket_fanout_client_cpu_share: m.clientCpuShare,
        socket_fanout_load_avg_1m: m.loadAvg,
      });
    } finally {
      await stand.close();
    }
  }
  if (redis === 'off') return result;
  if (!databaseServerUrl || !redisUrl) {
    result.socket_fanout_redis_skipped = 'TEST_DATABASE_URL and TEST_REDIS_URL are not both set';
    log(`  two processes over Redis: not measured (${result.socket_fanout_redis_skipped})`);
    return result;
  }
  const stand = await twoProcesses(databaseServerUrl, redisUrl);
  try {
    const m = await measure(stand, o, log);
    Object.assign(result, {
      socket_fanout_redis_clients: m.clients,
      socket_fanout_redis_p50_ms: m.p50,
      socket_fanout_redis_p99_ms: m.p99,
      socket_fanout_redis_max_ms: m.max,
      socket_fanout_redis_msgs_per_s: m.msgsPerS,
      socket_fanout_redis_updates_per_s: m.updatesPerS,
      socket_fanout_redis_pushes_per_s: m.pushesPerS,
      socket_fanout_redis_delivered_ratio: m.deliveredRatio,
      socket_fanout_redis_owner_cpu_share: m.serverCpuShare,
      socket_fanout_redis_socket_cpu_share: m.othersCpuShare,
      socket_fanout_redis_emit_ms_each: m.emitMsEach,
      socket_fanout_redis_client_cpu_share: m.clientCpuShare,
      socket_fanout_redis_load_avg_1m: m.loadAvg,
    });
  } finally {
    await stand.close();
  }
  return result;
}

function parseArgs(argv: string[]): SocketFanoutOptions {
  const opts: SocketFanoutOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const v = Number(argv[i + 1]);
    if (argv[i] === '--clients') opts.clients = v;
    else if (argv[i] === '--procs') opts.procs = v;
    else if (argv[i] === '--seconds') opts.seconds = v;
    else if (argv[i] === '--rate') opts.rate = v;
    else if (argv[i] === '--warmup') opts.warmup = v;
    else if (argv[i] === '--without-klines') {
      opts.withoutKlines = true;
      i--;
    } else if (argv[i] === '--redis-only' || argv[i] === '--no-redis') {
      opts.redis = argv[i] === '--redis-only' ? 'only' : 'off';
      i--;
    } else throw new Error(`unknown argument ${argv[i]}`);
    i++;
  }
  return opts;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runSocketFanoutBench(parseArgs(process.argv.slice(2)));
  console.log(JSON.stringify(result));
}
