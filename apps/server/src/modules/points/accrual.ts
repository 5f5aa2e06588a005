/**
 * The `points.accrue` job (README.md, "Earning JC"): every hour it reads the trading fees paid since its
 * watermark (the fee feed the referral commissions use, with its own watermark) and credits the payer
 * `fee value in USDT x 10` JC from `points_pool`, rounded down. USDT fees count at face value; a fee in
 * another currency at that currency's spot last price when the job runs (its reference price before any
 * trade). One `points_accruals` row per fee entry (unique): a fee earns points once.
 */
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import type { AppContext } from '../../lib/context';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { schedule, type JobHandler } from '../scheduler/scheduler';
import {
  FEE_BATCHES_PER_RUN,
  FEE_SETTLE_LAG_MS,
  feeEntriesAfter,
  readWatermark,
  writeWatermark,
} from '../team/fee-feed';
import {
  ACCRUAL_INTERVAL_MS,
  ACCRUAL_JOB,
  JC_CURRENCY_ID,
  POINTS_FEE_REASONS,
  POINTS_SCALE,
  POINTS_TERMS,
} from './config';
import { catalogRepo } from '../catalog/repo';
import { pointsRepo } from './repo';

const WATERMARK = 'points.accrue';
const USDT_ID = 1;

/** JC (minor units at POINTS_SCALE) for a fee of `feeMinor` at `scale`, worth `usdtPriceMinor` (scale 8) each. */
export function pointsFor(feeMinor: bigint, scale: number, usdtPriceMinor: bigint): bigint {
  // fee (whole) x price (USDT) x points per USDT, at POINTS_SCALE: one division, rounded down.
  return (
    (feeMinor * usdtPriceMinor * POINTS_TERMS.pointsPerUsdt * 10n ** BigInt(POINTS_SCALE)) /
    10n ** BigInt(scale + 8)
  );
}

async function usdtPrices(ctx: AppContext, trx: Db): Promise<Map<number, { price: bigint; scale: number }>> {
  const live = await ctx.seams.usdtPrices(trx);
  const rows = await catalogRepo.currencies(trx);
  return new Map(
    rows.map((c) => [
      c.id,
      {
        price: c.id === USDT_ID ? 100_000_000n : (live.get(c.id) ?? c.reference_usdt_price_minor),
        scale: c.scale,
      },
    ]),
  );
}

export async function accruePoints(ctx: AppContext, trx: Db, at: number): Promise<number> {
  const prices = await usdtPrices(ctx, trx);
  let after = await readWatermark(trx, WATERMARK);
  let n = 0;
  for (let i = 0; i < FEE_BATCHES_PER_RUN; i++) {
    const { rows, lastId } = await feeEntriesAfter(trx, after, POINTS_FEE_REASONS, at - FEE_SETTLE_LAG_MS);
    if (lastId === after) break;
    for (const fee of rows) {
      const p = prices.get(fee.currencyId);
      const points = p ? pointsFor(fee.amountMinor, p.scale, p.price) : 0n;
      if (points <= 0n) continue;
      const id = await pointsRepo.insertAccrualOnce(trx, {
        user_id: fee.userId,
        source_entry_id: fee.entryId,
        currency_id: fee.currencyId,
        fee_minor: fee.amountMinor,
        points_minor: points,
        created_at: at,
      });
      if (id === undefined) continue;
      await ledger.transfer(trx, {
        currencyId: JC_CURRENCY_ID,
        amountMinor: points,
        reason: 'points.earned',
        ref: { type: 'points_accrual', id },
        at,
        from: systemAccount('points_pool'),
        to: userAccount(fee.userId, 'change'),
      });
      n++;
    }
    after = lastId;
  }
  await writeWatermark(trx, WATERMARK, after, at);
  return n;
}

const nextSlot = (ms: number) => (Math.floor(ms / ACCRUAL_INTERVAL_MS) + 1) * ACCRUAL_INTERVAL_MS;

async function scheduleNext(trx: Db, afterMs: number, nowMs: number) {
  const due = nextSlot(afterMs);
  await schedule(trx, ACCRUAL_JOB, due, {}, { uniqueKey: `slot:${due}`, nowMs });
}

export const accrualJob: JobHandler<Record<string, never>> = {
  async run(tx, job) {
    await accruePoints(tx.ctx, tx.trx, job.dueAtMs);
    await scheduleNext(tx.trx, Math.max(job.dueAtMs, tx.nowMs), tx.nowMs);
  },
};

/** From the background starter: the next hourly run exists (a no-op when it does). */
export async function ensureAccrualJob(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await runInTransaction(ctx.db, (trx) => scheduleNext(trx, now, now));
}
