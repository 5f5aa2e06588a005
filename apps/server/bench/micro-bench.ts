/**
 * Seconds-option settlement benchmark: 10,000 options that expire in the same second are settled by the
 * scheduler; the figure is the wall time from the expiry (the moment the runner is called with the clock
 * at the expiry) to the last `micro_closed` push. Figures never pass or fail anything.
 *
 *   pnpm tsx apps/server/bench/micro-bench.ts [--orders 10000] [--users 100]
 *
 * Setup (not timed): a fresh SQLite file, the real migrations and seed, `users` traders credited through
 * the ledger, the USDT open-order limit raised so each can hold its share, and the orders placed through
 * the real submission service (stake held, fee charged, job scheduled) at one instant against a scripted
 * trade history (half of them win). Timed: `runDueJobs` at the expiry: claims, price lookups, ledger
 * movements, order updates and the pushes (counted by an in-process realtime, not sent over sockets).
 * The JSON line carries `micro_settle_10k_ms`.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { MicroSubmitCall } from '@oryx/contracts/micro/calls';
import { argValue, PushClock, startBenchApp } from './bench-app';
import { ledger, systemAccount, userAccount } from '../src/modules/ledger/service';
import { runInTransaction } from '../src/db/transaction';
import { checkLedger } from '../src/modules/ledger/check';
import { saveCurrency } from '../src/modules/micro/config';
import { ScriptedTrades } from '../src/modules/mark/scripted-trades';
import { submitOrder } from '../src/modules/micro/submit';
import { runDueJobs } from '../src/modules/scheduler/scheduler';
import { usersRepo } from '../src/modules/users/repo';

export interface MicroBenchOptions {
  orders?: number;
  users?: number;
  log?: (line: string) => void;
}

export interface MicroBenchResult {
  micro_settle_10k_ms: number;
  /** The same figure with the actual order count in the name, when it is not 10,000. */
  orders: number;
  settled: number;
  pushes: number;
  setup_ms: number;
}

export async function runMicroSettleBench(opts: MicroBenchOptions = {}): Promise<MicroBenchResult> {
  const orders = opts.orders ?? 10_000;
  const users = Math.max(1, Math.min(opts.users ?? 100, orders));
  const log = opts.log ?? ((line: string) => console.log(line));
  const perUser = Math.ceil(orders / users);
  const setupStart = performance.now();

  const bench = await startBenchApp('micro');
  const { app, clock } = bench;
  try {
    const ctx = app.ctx;
    const pushes = new PushClock('micro_closed');
    ctx.realtime = pushes;
    const feed = new ScriptedTrades();
    ctx.services.mark.prices = feed;
    const t0 = clock.now();
    feed.add(1, 100_000_000_00n, t0 - 1);
    await saveCurrency(ctx.db, {
      currency_id: 1,
      micro_trade_fee: '1',
      micro_min: 10,
      micro_max: 0,
      micro_max_open: Math.min(1000, perUser),
      micro_numbers: [100],
      is_enabled: 1,
    });

    const userIds: number[] = [];
    for (let u = 0; u < users; u++) {
      userIds.push(
        await usersRepo.insertUser(ctx.db, {
          email: `bench${u}@oryx.local`,
          passwordHash: 'x',
          extensionCode: `BENCH${u}`,
          accountNumber: `bench${u}`,
          now: t0,
        }),
      );
    }
    await runInTransaction(ctx.db, async (trx) => {
      for (const id of userIds) {
        await ledger.transfer(trx, {
          from: systemAccount('genesis'),
          to: userAccount(id, 'micro'),
          currencyId: 1,
          amountMinor: BigInt(perUser) * 11n * 100_000_000n,
          reason: 'wallet.demo_credit',
          ref: { type: 'bench_seed', id },
          at: t0,
        });
      }
    });
    // Placed at one instant, so all expire in the same millisecond.
    for (let i = 0; i < orders; i++) {
      const userId = userIds[i % users]!;
      await runInTransaction(ctx.db, (trx) =>
        submitOrder(
          ctx,
          trx,
          userId,
          MicroSubmitCall.input.parse({
            match_id: 1,
            currency_id: 1,
            type: 1 + (i % 2),
            seconds: 60,
            number: 10,
          }),
        ),
      );
    }
    feed.add(1, 100_000_000_01n, t0 + 30_000); // up wins, down loses
    const setupMs = performance.now() - setupStart;

    clock.set(t0 + 60_000);
    const start = performance.now();
    const report = await runDueJobs(ctx, app.jobs, clock.now());
    const elapsed = (pushes.lastAt || performance.now()) - start;
    const check = await checkLedger(ctx.db);
    if (!check.ok) throw new Error('micro bench: the ledger does not balance after settlement');
    const ms = Math.round(elapsed);
    log(
      `micro settlement: ${report.done} of ${orders} options expiring together settled, ` +
        `${pushes.count} micro_closed pushes, ${ms} ms from expiry to the last push ` +
        `(${Math.round((report.done / Math.max(elapsed, 1)) * 1000)} settlements/s); setup ${Math.round(setupMs)} ms`,
    );
    return {
      micro_settle_10k_ms: ms,
      orders,
      settled: report.done,
      pushes: pushes.count,
      setup_ms: Math.round(setupMs),
    };
  } finally {
    await bench.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await runMicroSettleBench({ orders: argValue('--orders'), users: argValue('--users') });
  console.log(JSON.stringify({ micro_settle_10k_ms: result.micro_settle_10k_ms }));
}
