/**
 * The EVM chain's scheduled work (scheduler jobs, module.ts): `funding.evm_sweep` every EVM_SWEEP_MS
 * (evm-sweeps.ts) and `funding.evm_reconcile` every hour on the hour (evm-reconcile.ts). Each run schedules
 * the next one in its claim and does the work after the claim commits, never inside it: the work talks to
 * the node and keeps its own conditional steps, so a run that fails halfway is taken up by the next.
 */
import type { AppContext } from '../../lib/context';
import { runInTransaction } from '../../db/transaction';
import { schedule, type JobHandler } from '../scheduler/scheduler';
import { runEvmSweeps } from './evm-sweeps';
import { reconcileEvmHotWallet } from './evm-reconcile';

export const EVM_SWEEP_JOB = 'funding.evm_sweep';
export const EVM_RECONCILE_JOB = 'funding.evm_reconcile';
const HOUR_MS = 3_600_000;

const nextSweep = (ctx: AppContext, now: number) =>
  (Math.floor(now / ctx.env.EVM_SWEEP_MS) + 1) * ctx.env.EVM_SWEEP_MS;
const nextHour = (now: number) => (Math.floor(now / HOUR_MS) + 1) * HOUR_MS;

export const evmSweepJob: JobHandler = {
  async run(tx) {
    const next = nextSweep(tx.ctx, tx.nowMs);
    await schedule(tx.trx, EVM_SWEEP_JOB, next, {}, { uniqueKey: `at:${next}`, nowMs: tx.nowMs });
    tx.afterCommit(async () => {
      await runEvmSweeps(tx.ctx);
    });
  },
};

export const evmReconcileJob: JobHandler = {
  async run(tx) {
    const next = nextHour(tx.nowMs);
    await schedule(tx.trx, EVM_RECONCILE_JOB, next, {}, { uniqueKey: `hour:${next}`, nowMs: tx.nowMs });
    tx.afterCommit(async () => {
      await reconcileEvmHotWallet(tx.ctx);
    });
  },
};

/** The first runs, when the environment has an EVM hot wallet (the later ones schedule themselves). */
export async function scheduleEvmJobs(ctx: AppContext): Promise<void> {
  if (!ctx.env.EVM_RPC_URL || !ctx.env.EVM_HOT_WALLET_KEY) return;
  const now = ctx.clock.now();
  const sweepAt = nextSweep(ctx, now);
  const hourAt = nextHour(now);
  await runInTransaction(ctx.db, async (trx) => {
    if (ctx.env.EVM_SWEEP_XPRV)
      await schedule(trx, EVM_SWEEP_JOB, sweepAt, {}, { uniqueKey: `at:${sweepAt}`, nowMs: now });
    await schedule(trx, EVM_RECONCILE_JOB, hourAt, {}, { uniqueKey: `hour:${hourAt}`, nowMs: now });
  });
}
