/**
 * Leveraged-contract risk benchmark over the real app on a fresh SQLite file, with a scripted mark (the
 * same mark rule as production, fed by ScriptedTrades). Figures never pass or fail anything.
 *
 *   pnpm tsx apps/server/bench/lever-bench.ts [--positions 10000] [--users 100] [--reps 20]
 *
 * Setup (not timed): `users` traders credited through the ledger, each holding an equal share of the
 * positions on BTC/USDT, opened through the lever's own ledger movements (`takeMargin`: margin frozen, fee
 * charged) at the mark 60,000. The first quarter of the users hold 100× longs with almost nothing free
 * (liquidated when the mark falls 2 %), the second quarter 10× longs with a stop-loss at 59,000, the rest
 * 10× shorts with no stops. Positions are written directly rather than through `submitOrder`, whose
 * trade-password check would dominate the setup.
 *
 * Timed:
 * - `lever_reprice_us_per_position`: CPU time (process.cpuUsage, user + system) of one risk evaluation on
 *   a mark change that closes nothing, over `reps` evaluations, divided by the positions evaluated.
 * - `lever_liquidate_10k_ms`: the mark falls to 58,800; wall time from the risk evaluation at that mark
 *   (what the risk loop runs on its next tick) to the last `lever_closed` push; `lever_liquidate_cpu_ms`
 *   is the CPU time of the same evaluation (SQLite runs in-process, so it includes the database's work).
 * - `lever_evaluate_50k_ms`: the pure decision alone (rules.ts `evaluate`, no I/O) over 50,000 in-memory
 *   positions of 5,000 users on two markets, wall time (target < 2,000 ms).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseDecimal } from '@oryx/contracts/money';
import type { ManualClock } from '../src/lib/clock';
import { argValue, PushClock, startBenchApp } from './bench-app';
import type { AppContext } from '../src/lib/context';
import { runInTransaction } from '../src/db/transaction';
import { checkLedger } from '../src/modules/ledger/check';
import { ledger, systemAccount, userAccount } from '../src/modules/ledger/service';
import { recordMark } from '../src/modules/mark/service';
import { ScriptedTrades } from '../src/modules/mark/scripted-trades';
import { leverTerms, type LeverTerms } from '../src/modules/lever/config';
import { ensureOvernightJob } from '../src/modules/lever/overnight';
import { takeMargin } from '../src/modules/lever/positions';
import { leverRepo } from '../src/modules/lever/repo';
import { evaluateLever } from '../src/modules/lever/risk';
import { chargeOnValue, evaluate, marginOf, openPriceOf, type LeverType } from '../src/modules/lever/rules';
import { fiftyThousandPositions } from '../src/modules/lever/evaluate-50k.test-support';
import { usersRepo } from '../src/modules/users/repo';

const BTC = 1; // market id of BTC/USDT
const A = (s: string) => parseDecimal(s, 8);

export interface LeverBenchOptions {
  positions?: number;
  users?: number;
  reps?: number;
  log?: (line: string) => void;
}

export interface LeverBenchResult {
  lever_liquidate_10k_ms: number;
  /** CPU time (user + system, all threads) of that evaluation: steadier than wall time on a busy machine. */
  lever_liquidate_cpu_ms: number;
  lever_reprice_us_per_position: number;
  lever_evaluate_50k_ms: number;
  positions: number;
  closed: number;
  liquidated_users: number;
  stopped: number;
  pushes: number;
  setup_ms: number;
}

interface Group {
  type: LeverType;
  multiple: number;
  stopLoss: bigint;
  /** Free lever balance left beside the positions' margins and fees. */
  spare: bigint;
}

/** Which quarter a user is in decides what he holds (see the file's comment). */
function groupOf(u: number, users: number): Group {
  if (u < users / 4) return { type: 1, multiple: 100, stopLoss: 0n, spare: A('1') };
  if (u < users / 2) return { type: 1, multiple: 10, stopLoss: A('59000'), spare: A('100000') };
  return { type: 2, multiple: 10, stopLoss: 0n, spare: A('100000') };
}

/** Credits one user and opens `count` one-lot positions for him, in one transaction. */
async function openFor(ctx: AppContext, t: LeverTerms, userId: number, g: Group, count: number, at: number) {
  const mark = await markNow(ctx, at);
  const price = openPriceOf(g.type, mark.priceMinor, t.spreadBps);
  const margin = marginOf(price, t.shareNumMinor, t.baseScale, g.multiple);
  const fee = chargeOnValue(price, t.shareNumMinor, t.baseScale, t.feeBps);
  await runInTransaction(ctx.db, async (trx) => {
    await ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(userId, 'lever'),
      currencyId: t.legalId,
      amountMinor: BigInt(count) * (margin + fee) + g.spare,
      reason: 'wallet.demo_credit',
      ref: { type: 'bench_seed', id: userId },
      at,
    });
    const markId = (await recordMark(trx, mark, at)).id;
    for (let i = 0; i < count; i++) {
      const id = await leverRepo.insert(trx, {
        user_id: userId,
        market_id: t.marketId,
        legal_id: t.legalId,
        type: g.type,
        status: 1,
        share: 1,
        multiple: g.multiple,
        number_minor: t.shareNumMinor,
        origin_price_minor: mark.priceMinor,
        price_minor: price,
        origin_margin_minor: margin,
        margin_minor: margin,
        fee_minor: fee,
        overnight_minor: 0n,
        overnight_day: '',
        spread_bps: t.spreadBps,
        overnight_bps: t.overnightBps,
        liquidation_rate_bps: t.liquidationRateBps,
        fee_bps: t.feeBps,
        target_profit_minor: 0n,
        stop_loss_minor: g.stopLoss,
        open_mark_id: markId,
        created_at: at,
        opened_at: at,
      });
      await takeMargin(trx, { id, userId, legalId: t.legalId, marginMinor: margin, feeMinor: fee, at });
    }
  });
}

const markNow = (ctx: AppContext, at: number) => ctx.services.mark.prices.markAt(ctx.db, BTC, at);

async function seedPositions(ctx: AppContext, clock: ManualClock, positions: number, users: number) {
  const t = (await leverTerms(ctx.db, BTC))[0]!;
  const now = clock.now();
  await runInTransaction(ctx.db, (trx) => ensureOvernightJob(trx, now));
  for (let u = 0; u < users; u++) {
    const userId = await usersRepo.insertUser(ctx.db, {
      email: `lever${u}@oryx.local`,
      passwordHash: 'x',
      extensionCode: `LEVER${u}`,
      accountNumber: `lever${u}`,
      now,
    });
    const count = Math.floor(positions / users) + (u < positions % users ? 1 : 0);
    await openFor(ctx, t, userId, groupOf(u, users), count, now);
  }
}

/** CPU microseconds per position of `reps` evaluations on mark changes that close nothing. */
async function repriceCost(
  ctx: AppContext,
  clock: ManualClock,
  feed: ScriptedTrades,
  reps: number,
  n: number,
) {
  const cpu = process.cpuUsage();
  for (let r = 0; r < reps; r++) {
    clock.advance(20_000);
    feed.add(BTC, A(r % 2 === 0 ? '60000.01' : '60000'), clock.now());
    const did = await evaluateLever(ctx, clock.now());
    if (did.liquidated + did.stopped + did.opened > 0)
      throw new Error('lever bench: a reprice closed something');
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / reps / n;
}

/** The pure evaluation of 50,000 positions of 5,000 users (nobody at the level), in ms. */
export function pureEvaluateMs(): number {
  const input = fiftyThousandPositions();
  const started = performance.now();
  const r = evaluate(input);
  const ms = performance.now() - started;
  if (r.liquidate.length > 0) throw new Error('lever bench: nobody should be liquidated');
  return Math.round(ms);
}

export async function runLeverBench(opts: LeverBenchOptions = {}): Promise<LeverBenchResult> {
  const positions = opts.positions ?? 10_000;
  const users = Math.max(4, Math.min(opts.users ?? 100, positions));
  const reps = opts.reps ?? 20;
  const log = opts.log ?? ((line: string) => console.log(line));
  const setupStart = performance.now();
  const bench = await startBenchApp('lever');
  const { app, clock } = bench;
  try {
    const ctx = app.ctx;
    const pushes = new PushClock('lever_closed', (p) => p.id.length);
    ctx.realtime = pushes;
    const feed = new ScriptedTrades();
    ctx.services.mark.prices = feed;
    clock.advance(20_000);
    feed.add(BTC, A('60000'), clock.now());
    await seedPositions(ctx, clock, positions, users);
    // The rows were written directly, not through the lever services: the index reloads them, as after
    // a restart (not timed: a server loads it once when it starts).
    ctx.services.lever.book.invalidate();
    await ctx.services.lever.book.ready();
    const setupMs = performance.now() - setupStart;

    const usPer = await repriceCost(ctx, clock, feed, reps, positions);

    clock.advance(20_000);
    feed.add(BTC, A('58800'), clock.now());
    const start = performance.now();
    const cpu = process.cpuUsage();
    const did = await evaluateLever(ctx, clock.now());
    const ms = Math.round((pushes.lastAt || performance.now()) - start);
    const cpuUsed = process.cpuUsage(cpu);
    const cpuMs = Math.round((cpuUsed.user + cpuUsed.system) / 1000);
    if (!(await checkLedger(ctx.db)).ok) throw new Error('lever bench: the ledger does not balance');
    const reprice = Math.round(usPer * 100) / 100;
    const pureMs = pureEvaluateMs();
    log(
      `lever risk: ${positions} positions over ${users} users; a 2 % fall liquidated ${did.liquidated} users ` +
        `and fired ${did.stopped} stops, ${pushes.ids} positions closed in ${pushes.count} lever_closed pushes, ` +
        `${ms} ms from the price change to the last push (target < 1000 ms; ${cpuMs} ms of CPU); ` +
        `setup ${Math.round(setupMs)} ms`,
    );
    log(
      `lever reprice: ${reprice} µs CPU per position re-evaluated on a mark change that closes nothing ` +
        `(${reps} evaluations of ${positions}; target < 5 µs)`,
    );
    log(`lever evaluate: 50,000 positions of 5,000 users decided in ${pureMs} ms (pure; target < 2000 ms)`);
    return {
      lever_liquidate_10k_ms: ms,
      lever_liquidate_cpu_ms: cpuMs,
      lever_reprice_us_per_position: reprice,
      lever_evaluate_50k_ms: pureMs,
      positions,
      closed: pushes.ids,
      liquidated_users: did.liquidated,
      stopped: did.stopped,
      pushes: pushes.count,
      setup_ms: Math.round(setupMs),
    };
  } finally {
    await bench.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const r = await runLeverBench({
    positions: argValue('--positions'),
    users: argValue('--users'),
    reps: argValue('--reps'),
  });
  console.log(
    JSON.stringify({
      lever_liquidate_10k_ms: r.lever_liquidate_10k_ms,
      lever_reprice_us_per_position: r.lever_reprice_us_per_position,
    }),
  );
}
