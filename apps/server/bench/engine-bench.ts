/**
 * Matching-engine benchmark: our FastOrderBook against the npm package nodejs-order-book on the same
 * seeded command stream. Prints a table and, as the last line, one JSON object.
 *
 *   pnpm tsx apps/server/bench/engine-bench.ts [--ops 1000000] [--seed 42] [--book 1000] [--no-peer]
 *
 * The stream: a book prefilled with about 1,000 resting orders (not timed), then a mix of ~45% resting
 * limits, ~35% cancels of live orders, ~15% crossing limits and ~5% market orders by base quantity, from
 * 1,000 users (so self-trade prevention fires now and then). Taker sizes adapt to the book size so the
 * book stays near its target instead of draining or growing. Figures never pass or fail anything.
 *
 * Method: each engine runs the stream once to warm up the JIT, then THROUGHPUT_RUNS times untimed per
 * operation (ops/s = operations / wall time, median run reported), then once with every operation timed
 * by process.hrtime.bigint() for the latency percentiles (the ~35 ns timer cost is inside those figures).
 * Both engines get commands built before timing starts, and both results are read (fills counted) so
 * neither can skip work.
 */
import { fileURLToPath } from 'node:url';
import { OrderBook as PeerBook, SelfTradePreventionMode, Side as PeerSide } from 'nodejs-order-book';
import { FastOrderBook } from '../src/modules/spot/engine/fast-book';
import { createRng } from '../src/modules/spot/engine/prng';
import type { DepthLevel, LimitCommand, PlaceCommand, Side } from '../src/modules/spot/engine/types';

const OP_PLACE = 0;
const OP_CANCEL = 1;
const THROUGHPUT_RUNS = 3;

export interface EngineBenchOptions {
  /** Timed operations after the prefill. Default 1,000,000. */
  ops?: number;
  seed?: number;
  /** Target number of resting orders. Default 1,000. */
  bookSize?: number;
  /** Also run nodejs-order-book on the same stream. Default true. */
  peer?: boolean;
  /** Progress and table output; default console.log. */
  log?: (line: string) => void;
}

export interface EngineStream {
  /** Resting limits that build the starting book; applied before timing. */
  prefill: LimitCommand[];
  /** OP_PLACE or OP_CANCEL per operation. */
  kinds: Uint8Array;
  /** The command for OP_PLACE operations. */
  commands: (PlaceCommand | undefined)[];
  /** The order id for OP_CANCEL operations. */
  cancelIds: Float64Array;
  mix: { restingLimits: number; crossingLimits: number; markets: number; cancels: number };
  book: { min: number; max: number; end: number; endLevels: number };
}

/**
 * Generates the stream by running it through a FastOrderBook, so every cancel names an order that is
 * live at that moment and every "crossing" limit really crosses. Deterministic for a given seed.
 */
export function generateEngineStream(ops: number, seed: number, bookSize: number): EngineStream {
  const rng = createRng(seed);
  const book = new FastOrderBook();
  const live: number[] = [];
  const liveAt = new Map<number, number>();
  const addLive = (id: number) => {
    liveAt.set(id, live.length);
    live.push(id);
  };
  const dropLive = (id: number) => {
    const at = liveAt.get(id);
    if (at === undefined) return;
    const last = live.pop() as number;
    if (last !== id) {
      live[at] = last;
      liveAt.set(last, at);
    }
    liveAt.delete(id);
  };
  const apply = (cmd: PlaceCommand) => {
    const r = book.place(cmd);
    for (const f of r.fills) if (f.makerLotsLeft === 0) dropLive(f.makerOrderId);
    if (r.restingLots > 0) addLive(cmd.orderId);
  };

  let nextId = 1;
  let mid = 1_000_000;
  const side = (): Side => (rng.next() < 0.5 ? 'buy' : 'sell');
  const user = () => rng.range(1, 1000);
  // Resting orders sit within 50 ticks of the touch on their own side.
  const restingLimit = (): LimitCommand => {
    const s = side();
    const bid = book.bestBid() ?? mid - 1;
    const ask = book.bestAsk() ?? mid + 1;
    const priceTicks = s === 'buy' ? ask - 1 - rng.range(0, 49) : bid + 1 + rng.range(0, 49);
    return { type: 'limit', orderId: nextId++, userId: user(), side: s, priceTicks, lots: rng.range(1, 10) };
  };

  const prefill: LimitCommand[] = [];
  while (book.size() < bookSize) {
    const cmd = restingLimit();
    prefill.push(cmd);
    apply(cmd);
  }

  const kinds = new Uint8Array(ops);
  const commands: (PlaceCommand | undefined)[] = new Array<PlaceCommand | undefined>(ops).fill(undefined);
  const cancelIds = new Float64Array(ops);
  const mix = { restingLimits: 0, crossingLimits: 0, markets: 0, cancels: 0 };
  let min = book.size();
  let max = min;
  for (let i = 0; i < ops; i++) {
    const roll = rng.next();
    // Small takers let the book grow, large ones shrink it: the size hovers around the target.
    const takerLots = () => (book.size() < bookSize ? rng.range(1, 4) : rng.range(5, 25));
    let cmd: PlaceCommand | undefined;
    if (roll < 0.45 || (roll < 0.8 && live.length === 0)) {
      cmd = restingLimit();
      mix.restingLimits++;
    } else if (roll < 0.8) {
      const id = live[rng.int(live.length)] as number;
      kinds[i] = OP_CANCEL;
      cancelIds[i] = id;
      book.cancel(id);
      dropLive(id);
      mix.cancels++;
    } else if (roll < 0.95) {
      const s = side();
      const bid = book.bestBid() ?? mid - 1;
      const ask = book.bestAsk() ?? mid + 1;
      const priceTicks = s === 'buy' ? ask + rng.range(0, 2) : bid - rng.range(0, 2);
      cmd = { type: 'limit', orderId: nextId++, userId: user(), side: s, priceTicks, lots: takerLots() };
      mix.crossingLimits++;
    } else {
      cmd = {
        type: 'market',
        by: 'base',
        orderId: nextId++,
        userId: user(),
        side: side(),
        lots: takerLots(),
      };
      mix.markets++;
    }
    if (cmd) {
      kinds[i] = OP_PLACE;
      commands[i] = cmd;
      apply(cmd);
    }
    const bid = book.bestBid();
    const ask = book.bestAsk();
    if (bid !== null && ask !== null) mid = Math.round((bid + ask) / 2);
    const size = book.size();
    if (size < min) min = size;
    if (size > max) max = size;
  }
  const depth = book.depth(10_000);
  return {
    prefill,
    kinds,
    commands,
    cancelIds,
    mix,
    book: { min, max, end: book.size(), endLevels: depth.bids.length + depth.asks.length },
  };
}

interface Runner {
  /** Applies operation i; returns a number derived from the result so the work cannot be skipped. */
  op(i: number): number;
  depth(): { bids: DepthLevel[]; asks: DepthLevel[] };
}

type RunnerFactory = () => Runner;

function engineRunner(stream: EngineStream): RunnerFactory {
  return () => {
    const book = new FastOrderBook();
    for (const cmd of stream.prefill) book.place(cmd);
    const { kinds, commands, cancelIds } = stream;
    return {
      op(i) {
        if (kinds[i] === OP_CANCEL) return book.cancel(cancelIds[i] as number).ok ? 1 : 0;
        return book.place(commands[i] as PlaceCommand).fills.length;
      },
      depth: () => book.depth(10_000),
    };
  };
}

type PeerLimit = Parameters<PeerBook['limit']>[0];
type PeerMarket = Parameters<PeerBook['market']>[0];

function peerRunner(stream: EngineStream): RunnerFactory {
  // Commands converted to the peer's shapes (string ids and accounts) once, before any timing.
  const stp = SelfTradePreventionMode.EXPIRE_TAKER; // the same rule as ours: cancel the taker
  const sideOf = (s: Side) => (s === 'buy' ? PeerSide.BUY : PeerSide.SELL);
  const toLimit = (c: LimitCommand): PeerLimit => ({
    id: String(c.orderId),
    side: sideOf(c.side),
    size: c.lots,
    price: c.priceTicks,
    accountId: String(c.userId),
    stpMode: stp,
  });
  const prefill = stream.prefill.map(toLimit);
  const n = stream.kinds.length;
  const limits: (PeerLimit | undefined)[] = new Array<PeerLimit | undefined>(n).fill(undefined);
  const markets: (PeerMarket | undefined)[] = new Array<PeerMarket | undefined>(n).fill(undefined);
  const cancels: (string | undefined)[] = new Array<string | undefined>(n).fill(undefined);
  for (let i = 0; i < n; i++) {
    const c = stream.commands[i];
    if (stream.kinds[i] === OP_CANCEL) cancels[i] = String(stream.cancelIds[i]);
    else if (c?.type === 'limit') limits[i] = toLimit(c);
    else if (c?.type === 'market' && c.by === 'base') {
      markets[i] = { side: sideOf(c.side), size: c.lots, accountId: String(c.userId), stpMode: stp };
    }
  }
  return () => {
    const book = new PeerBook();
    for (const cmd of prefill) book.limit(cmd);
    return {
      op(i) {
        const cancel = cancels[i];
        if (cancel !== undefined) return book.cancel(cancel) ? 1 : 0;
        const limit = limits[i];
        if (limit !== undefined) return book.limit(limit).done.length;
        return book.market(markets[i] as PeerMarket).done.length;
      },
      depth() {
        const [asks, bids] = book.depth() as [DepthLevel[], DepthLevel[]];
        return { bids: [...bids].sort((a, b) => b[0] - a[0]), asks: [...asks].sort((a, b) => a[0] - b[0]) };
      },
    };
  };
}

interface Measured {
  opsPerSec: number;
  runsOpsPerSec: number[];
  p50us: number;
  p99us: number;
  p9999us: number;
  maxUs: number;
  checksum: number;
  depth: { bids: DepthLevel[]; asks: DepthLevel[] };
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) gc();
}

function measure(factory: RunnerFactory, ops: number): Measured {
  let checksum = 0;
  // Warm-up: one full pass so the timed passes see optimised code.
  const warm = factory();
  for (let i = 0; i < ops; i++) checksum += warm.op(i);

  const runs: number[] = [];
  for (let r = 0; r < THROUGHPUT_RUNS; r++) {
    const runner = factory();
    collectGarbage();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < ops; i++) checksum += runner.op(i);
    const ns = Number(process.hrtime.bigint() - t0);
    runs.push(ops / (ns / 1e9));
  }

  const latencies = new Float64Array(ops);
  const runner = factory();
  collectGarbage();
  for (let i = 0; i < ops; i++) {
    const t0 = process.hrtime.bigint();
    checksum += runner.op(i);
    latencies[i] = Number(process.hrtime.bigint() - t0);
  }
  latencies.sort();
  const pct = (p: number) => (latencies[Math.min(ops - 1, Math.floor(p * ops))] as number) / 1000;
  const sorted = [...runs].sort((a, b) => a - b);
  return {
    opsPerSec: sorted[Math.floor(sorted.length / 2)] as number,
    runsOpsPerSec: runs,
    p50us: pct(0.5),
    p99us: pct(0.99),
    p9999us: pct(0.9999),
    maxUs: (latencies[ops - 1] as number) / 1000,
    checksum,
    depth: runner.depth(),
  };
}

export interface EngineBenchResult {
  ops: number;
  seed: number;
  engine_ops_per_s: number;
  engine_p50_us: number;
  engine_p99_us: number;
  engine_p99_99_us: number;
  engine_max_us: number;
  peer_ops_per_s: number | null;
  peer_p50_us: number | null;
  peer_p99_us: number | null;
  peer_p99_99_us: number | null;
  peer_max_us: number | null;
  speedup_vs_peer: number | null;
  /** Both engines ended with the same depth (same prices, same lots per level). */
  books_agree: boolean | null;
  mix: EngineStream['mix'];
  book: EngineStream['book'];
  node: string;
}

export function runEngineBench(opts: EngineBenchOptions = {}): EngineBenchResult {
  const ops = opts.ops ?? 1_000_000;
  const seed = opts.seed ?? 42;
  const bookSize = opts.bookSize ?? 1_000;
  const withPeer = opts.peer ?? true;
  const log = opts.log ?? ((line: string) => console.log(line));

  log(`generating ${ops.toLocaleString('en')} operations (seed ${seed}, book ~${bookSize})...`);
  const stream = generateEngineStream(ops, seed, bookSize);
  log('measuring oryx FastOrderBook...');
  const engine = measure(engineRunner(stream), ops);
  let peer: Measured | null = null;
  if (withPeer) {
    log('measuring nodejs-order-book...');
    peer = measure(peerRunner(stream), ops);
  }

  const round = (x: number, digits = 2) => Number(x.toFixed(digits));
  const result: EngineBenchResult = {
    ops,
    seed,
    engine_ops_per_s: Math.round(engine.opsPerSec),
    engine_p50_us: round(engine.p50us),
    engine_p99_us: round(engine.p99us),
    engine_p99_99_us: round(engine.p9999us),
    engine_max_us: round(engine.maxUs),
    peer_ops_per_s: peer ? Math.round(peer.opsPerSec) : null,
    peer_p50_us: peer ? round(peer.p50us) : null,
    peer_p99_us: peer ? round(peer.p99us) : null,
    peer_p99_99_us: peer ? round(peer.p9999us) : null,
    peer_max_us: peer ? round(peer.maxUs) : null,
    speedup_vs_peer: peer ? round(engine.opsPerSec / peer.opsPerSec) : null,
    books_agree: peer ? JSON.stringify(engine.depth) === JSON.stringify(peer.depth) : null,
    mix: stream.mix,
    book: stream.book,
    node: process.version,
  };

  const pad = (s: string, n: number) => s.padStart(n);
  const row = (name: string, m: Measured) =>
    `${name.padEnd(22)}${pad(Math.round(m.opsPerSec).toLocaleString('en'), 14)}` +
    `${pad(m.p50us.toFixed(2), 10)}${pad(m.p99us.toFixed(2), 10)}${pad(m.p9999us.toFixed(2), 11)}${pad(m.maxUs.toFixed(0), 10)}`;
  log('');
  log(
    `operations ${ops.toLocaleString('en')}: ${stream.mix.restingLimits} resting limits, ${stream.mix.cancels} cancels, ` +
      `${stream.mix.crossingLimits} crossing limits, ${stream.mix.markets} market orders`,
  );
  log(
    `book: ${stream.book.min}..${stream.book.max} resting orders during the run, ` +
      `${stream.book.end} orders on ${stream.book.endLevels} levels at the end`,
  );
  log('');
  log(
    `${'engine'.padEnd(22)}${pad('ops/s', 14)}${pad('p50 µs', 10)}${pad('p99 µs', 10)}${pad('p99.99 µs', 11)}${pad('max µs', 10)}`,
  );
  log(row('oryx FastOrderBook', engine));
  if (peer) log(row('nodejs-order-book', peer));
  log('');
  log(`throughput runs (ops/s): oryx ${engine.runsOpsPerSec.map((x) => Math.round(x)).join(', ')}`);
  if (peer) {
    log(`                         peer ${peer.runsOpsPerSec.map((x) => Math.round(x)).join(', ')}`);
    log(
      `speed-up vs peer: ${result.speedup_vs_peer}x; final books agree: ${result.books_agree ? 'yes' : 'NO'}`,
    );
  }
  return result;
}

function parseArgs(argv: string[]): EngineBenchOptions {
  const opts: EngineBenchOptions = {};
  const count = (i: number): number => {
    const value = Number(argv[i]);
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${argv[i - 1]} needs a positive integer`);
    return value;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--ops') opts.ops = count(++i);
    else if (arg === '--seed') opts.seed = count(++i);
    else if (arg === '--book') opts.bookSize = count(++i);
    else if (arg === '--no-peer') opts.peer = false;
    else throw new Error(`unknown argument ${arg}`);
  }
  return opts;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = runEngineBench(parseArgs(process.argv.slice(2)));
  console.log(JSON.stringify(result));
}
