/**
 * End-to-end order benchmark: `POST /api/coin/trade` against the started server on SQLite.
 *
 *   pnpm tsx apps/server/bench/api-bench.ts [--users 200] [--connections 128] [--seconds 10] [--rate 5000]
 *
 * 1. A fresh SQLite file is migrated and seeded (production mode: no demo bot), then USERS traders are
 *    created, funded through the ledger and given session tokens.
 * 2. The real server starts in a child process on a free port, as `npm start` runs it: the compiled
 *    bundle `dist/server.mjs` (built first, rebuilt only when its sources changed), so autocannon in
 *    this process and the server each have a core of their own, and a CPU profile of the server
 *    (ORYX_BENCH_CPU_PROFILE_DIR=<dir>: `node --cpu-prof`) is of the JavaScript that production runs.
 * 3. Throughput: CONNECTIONS concurrent clients send orders back to back for SECONDS. Every order is a
 *    limit order on ETH/USDT from a random trader, buy or sell, at a random price within 20 ticks of
 *    3400, so about half rest and half cross (partial fills included). A reply is counted only if it
 *    is HTTP 200 with `type: "ok"`; the server answers only after the order's batch has committed. The few
 *    refusals (about 0.2 %) are self-trade prevention: a random trader's order that would only meet that
 *    trader's own resting order (SPOT_SELF_TRADE).
 * 4. Latency: the same traffic at a fixed offered rate (RATE orders/s, default 5,000) for SECONDS,
 *    then at half the throughput just measured (a server with headroom); requests evenly spaced and
 *    sent whatever the earlier ones do, latency from when each was due (open-loop.ts);
 *    p50 / p99 / max of the reply time.
 * For comparison, three ceilings are driven the same way first, so the order figures can be read against
 * what this machine and this load generator allow at all: a bare `node:http` server answering a fixed
 * body, a bare Fastify route (no plugins) answering the same, and our own GET /healthz (one trivial
 * select, no auth, no write, every plugin and hook of the real server).
 * The server's CPU time per committed order (user + system, all its threads, from /proc; Linux only) is
 * printed too: unlike orders per second it hardly depends on what else the machine is doing.
 * 5. Afterwards the database is counted (orders and trades really stored) and the ledger invariant is
 *    checked. Figures never pass or fail anything.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/env';
import { openDatabase } from '../src/db/connection';
import { checkLedger } from '../src/modules/ledger/check';
import { createRng } from '../src/modules/spot/engine/prng';
import { openLoop } from './open-loop';
import { BENCH_SECRETS } from './secrets';
import { fundedTrader } from './bench-app';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');

export interface ApiBenchOptions {
  users?: number;
  connections?: number;
  seconds?: number;
  rate?: number;
  log?: (line: string) => void;
}

export interface ApiBenchResult {
  api_orders_per_s: number;
  api_p50_ms: number;
  api_p99_ms: number;
  api_ok_replies: number;
  api_failed_replies: number;
  api_p50_ms_at_5k: number;
  api_p99_ms_at_5k: number;
  api_max_ms_at_5k: number;
  api_achieved_rate_at_5k: number;
  /** The offered rate of the headroom run: half the measured throughput. */
  api_half_rate: number;
  api_p50_ms_at_half: number;
  api_p99_ms_at_half: number;
  api_orders_stored: number;
  api_trades_stored: number;
  api_ledger_ok: boolean;
  api_connections: number;
  /** GET /healthz (one trivial select) on the same server and clients: what the HTTP stack manages here. */
  api_healthz_per_s: number;
  /** A bare node:http server (fixed reply), same clients: the ceiling of this machine + load generator. */
  api_ceiling_node_http_per_s: number;
  /** The bare node:http server's open-loop latency at the fixed rate (RATE, default 5,000/s). */
  api_ceiling_node_http_p50_ms_at_5k: number | null;
  api_ceiling_node_http_p99_ms_at_5k: number | null;
  /** A bare Fastify route (no plugins, fixed reply), same clients. */
  api_ceiling_fastify_per_s: number;
  /** CPU time of the server process (all threads) per committed order in the throughput run; null off Linux. */
  api_server_cpu_us_per_order: number | null;
  /**
   * Committed orders/s over the bare node:http server's requests/s, both measured in this run with the
   * same generator and connections (the two rates are api_orders_per_s and api_ceiling_node_http_per_s).
   */
  api_vs_bare_ratio: number;
}

/** Production mode refuses to start without the payment sandbox's signing secret (env.ts). */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function prepare(dbUrl: string, users: number): Promise<string[]> {
  const env = loadEnv({
    DATABASE_URL: dbUrl,
    ORYX_MODE: 'production',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
    ...BENCH_SECRETS,
  });
  const app = await buildApp({ env, sockets: false, seed: true, background: false });
  const now = Date.now();
  const tokens: string[] = [];
  for (let i = 0; i < users; i++) {
    const email = `bench${i}@oryx.local`;
    tokens.push(await fundedTrader(app, { email, extensionCode: `BENCH${i}` }, now));
  }
  await app.close();
  return tokens;
}

/** The compiled server bundle `npm start` runs (dist/server.mjs), built if its sources changed. */
function serverBundle(): string {
  execFileSync(process.execPath, ['scripts/oryx.mjs', 'build:server'], {
    cwd: path.resolve(serverDir, '../..'),
    stdio: 'ignore',
  });
  return 'dist/server.mjs';
}

async function startServer(dbUrl: string, port: number): Promise<ChildProcess> {
  const prof = process.env.ORYX_BENCH_CPU_PROFILE_DIR;
  const flags = prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [];
  const child = spawn(process.execPath, [...flags, '--enable-source-maps', serverBundle()], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ORYX_MODE: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...BENCH_SECRETS,
      WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A bare server in a child process answering every request with a fixed JSON body. */
async function startCeilingServer(kind: 'node-http' | 'fastify', port: number): Promise<ChildProcess> {
  const code =
    kind === 'node-http'
      ? `require('node:http').createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1');`
      : `const app = require('fastify')(); app.get('/', async () => ({ status: 'ok' })); app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${kind} server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${kind} server did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function requestsPerSecond(url: string, connections: number, seconds: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (err, r) =>
      err ? reject(err) : resolve(Math.round(r.requests.average)),
    );
  });
}

/**
 * A bare server's closed-loop requests/s and, with `rate`, its open-loop latency at that rate: the
 * floor no server on this machine (with this load generator) can go under.
 */
async function ceiling(
  kind: 'node-http' | 'fastify',
  connections: number,
  rate?: number,
): Promise<{ perS: number; p50?: number; p99?: number }> {
  const port = await freePort();
  const child = await startCeilingServer(kind, port);
  try {
    const perS = await requestsPerSecond(`http://127.0.0.1:${port}/`, connections, 5);
    if (!rate) return { perS };
    const r = await openLoop({
      url: `http://127.0.0.1:${port}`,
      rate,
      seconds: 5,
      connections,
      next: () => ({ method: 'GET', path: '/', headers: {} }),
    });
    return { perS, p50: Number(r.p50.toFixed(2)), p99: Number(r.p99.toFixed(2)) };
  } finally {
    child.kill('SIGKILL');
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, nearly always 100). */
function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** User + system CPU seconds of a process, all its threads (Linux /proc); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) " start at field 3 (state); utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return null;
  }
}

/** One random order: a trader, buy or sell, within 20 ticks of 3400, 0.001 to 0.02 ETH. */
function orderGenerator(
  tokens: string[],
  seed: number,
): () => { headers: Record<string, string>; body: string } {
  const rng = createRng(seed);
  return () => {
    const side = rng.next() < 0.5 ? 1 : 2;
    const ticks = 340_000 + rng.range(-20, 20);
    const price = `${Math.floor(ticks / 100)}.${String(ticks % 100).padStart(2, '0')}`;
    const amount = `0.${String(rng.range(10, 200)).padStart(4, '0')}`;
    return {
      headers: { 'content-type': 'application/json', authorization: tokens[rng.int(tokens.length)]! },
      body: JSON.stringify({ legal_id: 1, currency_id: 3, target_price: price, amount, type: side }),
    };
  };
}

function orderRequests(tokens: string[], seed: number) {
  const next = orderGenerator(tokens, seed);
  return [
    {
      method: 'POST' as const,
      path: '/api/coin/trade',
      setupRequest: (req: Record<string, unknown>) => ({ ...req, ...next() }),
    },
  ];
}

/** A refusal is the envelope with HTTP 200 too (plugins/errors.ts): only `type: "ok"` is an order. */
const isOkReply = (body: string): boolean => body.startsWith('{"type":"ok"');

/** Orders at a fixed, evenly spaced offered rate (open loop, see open-loop.ts). */
async function atRate(
  url: string,
  tokens: string[],
  o: { rate: number; seconds: number; connections: number; seed: number },
): Promise<Run> {
  const next = orderGenerator(tokens, o.seed);
  const r = await openLoop({
    url,
    rate: o.rate,
    seconds: o.seconds,
    connections: o.connections,
    next: () => ({ method: 'POST', path: '/api/coin/trade', ...next() }),
    isOk: (status, body) => status === 200 && isOkReply(body),
  });
  if (r.statuses.size > 0) {
    const parts = [...r.statuses].map(([s, n]) =>
      s === 0 ? `socket errors x${n}` : s === 200 ? `refused in the envelope x${n}` : `HTTP ${s} x${n}`,
    );
    console.log(`  not ok: ${parts.join(', ')}`);
  }
  const ms = (x: number) => Number(x.toFixed(x < 10 ? 2 : 0));
  return { ok: r.ok, failed: r.failed, seconds: r.seconds, p50: ms(r.p50), p99: ms(r.p99), max: ms(r.max) };
}

interface Run {
  ok: number;
  failed: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
}

async function cannon(
  url: string,
  tokens: string[],
  opts: { connections: number; seconds: number; seed: number },
): Promise<Run> {
  let ok = 0;
  let failed = 0;
  const statuses = new Map<number, number>();
  const instance = (autocannon as unknown as (o: object) => Promise<autocannon.Result> & NodeJS.EventEmitter)(
    {
      url,
      connections: opts.connections,
      duration: opts.seconds,
      requests: orderRequests(tokens, opts.seed) as never,
      // A refusal is an HTTP 200 too: autocannon reports a reply that is not `type: "ok"` as a mismatch.
      verifyBody: isOkReply,
    },
  );
  instance.on('response', (_client: unknown, status: number, _bytes: unknown, _time: unknown) => {
    if (status === 200) ok++;
    else {
      failed++;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  const result = await instance;
  // Replies whose body verifyBody refused (they were counted as HTTP 200 above).
  const refused = (result as unknown as { mismatches?: number }).mismatches ?? 0;
  ok -= refused;
  if (refused > 0 || statuses.size > 0 || result.errors > 0 || result.timeouts > 0) {
    const parts = [...statuses].map(([s, n]) => `HTTP ${s} x${n}`);
    if (refused > 0) parts.unshift(`refused in the envelope x${refused}`);
    console.log(`  not ok: ${parts.join(', ')}; socket errors ${result.errors}, timeouts ${result.timeouts}`);
  }
  return {
    ok,
    failed: failed + refused + result.errors + result.timeouts,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

export async function runApiBench(opts: ApiBenchOptions = {}): Promise<ApiBenchResult> {
  const users = opts.users ?? 200;
  const connections = opts.connections ?? 128;
  const seconds = opts.seconds ?? 10;
  const rate = opts.rate ?? 5_000;
  const log = opts.log ?? ((line: string) => console.log(line));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-bench-'));
  const dbUrl = `file:${path.join(dir, 'oryx.db')}`;
  let child: ChildProcess | undefined;
  try {
    log(`api bench: preparing ${users} funded traders in ${dir}...`);
    const tokens = await prepare(dbUrl, users);
    const port = await freePort();
    child = await startServer(dbUrl, port);
    const url = `http://127.0.0.1:${port}`;
    log('api bench: warming up (3 s)...');
    await cannon(url, tokens, { connections, seconds: 3, seed: 1 });
    // The ceilings of this machine, for reading the order figures against.
    const bare = await ceiling('node-http', connections, rate);
    const nodeHttp = bare.perS;
    log(`  bare node:http, fixed reply: ${nodeHttp} requests/s (this machine + load generator)`);
    log(
      `  bare node:http at ${rate}/s offered: p50 ${bare.p50} ms, p99 ${bare.p99} ms (the latency floor here)`,
    );
    const bareFastify = (await ceiling('fastify', connections)).perS;
    log(`  bare Fastify route, fixed reply: ${bareFastify} requests/s`);
    const healthz = await requestsPerSecond(`${url}/healthz`, connections, 5);
    log(`  GET /healthz: ${healthz} requests/s (our whole HTTP stack and one select)`);
    log(`api bench: throughput, ${connections} connections for ${seconds} s...`);
    const cpuBefore = cpuSeconds(child.pid);
    const max = await cannon(url, tokens, { connections, seconds, seed: 2 });
    const cpuAfter = cpuSeconds(child.pid);
    const cpuPerOrder =
      cpuBefore !== null && cpuAfter !== null && max.ok > 0
        ? Math.round(((cpuAfter - cpuBefore) * 1e6) / max.ok)
        : null;
    log(
      `  ${Math.round(max.ok / max.seconds)} orders/s committed (${max.ok} ok, ${max.failed} failed), p50 ${max.p50} ms, p99 ${max.p99} ms`,
    );
    if (cpuPerOrder !== null) log(`  server CPU per committed order: ${cpuPerOrder} µs (all threads)`);
    log(`api bench: fixed offered rate ${rate}/s for ${seconds} s...`);
    const fixed = await atRate(url, tokens, { connections, seconds, rate, seed: 3 });
    log(
      `  achieved ${Math.round(fixed.ok / fixed.seconds)} orders/s, p50 ${fixed.p50} ms, p99 ${fixed.p99} ms, max ${fixed.max} ms (${fixed.failed} failed)`,
    );
    const halfRate = Math.max(100, Math.round(max.ok / max.seconds / 2 / 100) * 100);
    log(`api bench: fixed offered rate ${halfRate}/s (half the throughput) for ${seconds} s...`);
    const half = await atRate(url, tokens, { connections, seconds, rate: halfRate, seed: 4 });
    log(
      `  achieved ${Math.round(half.ok / half.seconds)} orders/s, p50 ${half.p50} ms, p99 ${half.p99} ms, max ${half.max} ms (${half.failed} failed)`,
    );
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    child = undefined;

    const handle = openDatabase(dbUrl);
    const count = async (t: 'spot_orders' | 'spot_trades') =>
      Number(
        (
          await handle.db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const orders = await count('spot_orders');
    const trades = await count('spot_trades');
    const report = await checkLedger(handle.db);
    await handle.close();
    log(`  stored: ${orders} orders, ${trades} trades; ledger invariant ${report.ok ? 'holds' : 'BROKEN'}`);
    const r2 = (x: number) => Number(x.toFixed(2));
    const ordersPerS = Math.round(max.ok / max.seconds);
    const ratio = nodeHttp > 0 ? r2(ordersPerS / nodeHttp) : 0;
    log(`  orders/s over bare node:http requests/s: ${ratio} (${ordersPerS} / ${nodeHttp})`);
    return {
      api_orders_per_s: ordersPerS,
      api_p50_ms: r2(max.p50),
      api_p99_ms: r2(max.p99),
      api_ok_replies: max.ok,
      api_failed_replies: max.failed,
      api_p50_ms_at_5k: r2(fixed.p50),
      api_p99_ms_at_5k: r2(fixed.p99),
      api_max_ms_at_5k: r2(fixed.max),
      api_achieved_rate_at_5k: Math.round(fixed.ok / fixed.seconds),
      api_half_rate: halfRate,
      api_p50_ms_at_half: r2(half.p50),
      api_p99_ms_at_half: r2(half.p99),
      api_orders_stored: orders,
      api_trades_stored: trades,
      api_ledger_ok: report.ok,
      api_connections: connections,
      api_healthz_per_s: healthz,
      api_ceiling_node_http_per_s: nodeHttp,
      api_ceiling_node_http_p50_ms_at_5k: bare.p50 ?? null,
      api_ceiling_node_http_p99_ms_at_5k: bare.p99 ?? null,
      api_ceiling_fastify_per_s: bareFastify,
      api_server_cpu_us_per_order: cpuPerOrder,
      api_vs_bare_ratio: ratio,
    };
  } finally {
    child?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function parseArgs(argv: string[]): ApiBenchOptions {
  const opts: ApiBenchOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const v = Number(argv[i + 1]);
    if (argv[i] === '--users') opts.users = v;
    else if (argv[i] === '--connections') opts.connections = v;
    else if (argv[i] === '--seconds') opts.seconds = v;
    else if (argv[i] === '--rate') opts.rate = v;
    else throw new Error(`unknown argument ${argv[i]}`);
    i++;
  }
  return opts;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runApiBench(parseArgs(process.argv.slice(2)));
  console.log(JSON.stringify(result));
}
