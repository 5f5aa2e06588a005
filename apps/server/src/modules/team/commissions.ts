/**
 * The `team.commission` job (README.md, "Referral commission"): every hour it reads the trading fees
 * paid since its watermark and, for each fee, credits each member above the payer (depth 1..N of the
 * configured levels) with `fee x share`, rounded down. The money comes out of the fee: `fees` ->
 * `referral_pool` -> the member's spot wallet. Each (fee entry, level) is one `team_commissions` row
 * (unique), written with the movements and the new watermark in the job's transaction: a fee is paid on
 * once, whatever the scheduler does. Then it schedules the next hourly run.
 */
import { payoutAtBps } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import type { AppContext } from '../../lib/context';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { schedule, type JobHandler } from '../scheduler/scheduler';
import { COMMISSION_FEE_REASONS, COMMISSION_INTERVAL_MS, COMMISSION_JOB } from './config';
import {
  FEE_BATCHES_PER_RUN,
  FEE_SETTLE_LAG_MS,
  feeEntriesAfter,
  readWatermark,
  writeWatermark,
  type FeeEntry,
} from './fee-feed';
import { ancestorsOf } from './tree';
import { teamRepo } from './repo';

const WATERMARK = 'team.commission';

/** The share of a fee for one level, rounded down (in favour of the exchange). */
export const commissionOf = (feeMinor: bigint, shareBps: number): bigint => payoutAtBps(feeMinor, shareBps);

async function payFee(trx: Db, fee: FeeEntry, levels: { level: number; share_bps: number }[], at: number) {
  const above = await ancestorsOf(trx, fee.userId, levels.length);
  for (const l of levels) {
    const beneficiary = above[l.level - 1];
    if (beneficiary === undefined) break;
    const amount = commissionOf(fee.amountMinor, l.share_bps);
    if (amount <= 0n) continue;
    const id = await teamRepo.insertCommission(trx, {
      user_id: beneficiary,
      source_user_id: fee.userId,
      source_entry_id: fee.entryId,
      level: l.level,
      currency_id: fee.currencyId,
      fee_minor: fee.amountMinor,
      amount_minor: amount,
      created_at: at,
    });
    if (id === undefined) continue;
    const m = {
      currencyId: fee.currencyId,
      amountMinor: amount,
      ref: { type: 'team_commission', id },
      at,
    };
    await ledger.transfer(trx, {
      ...m,
      reason: 'team.commission_fund',
      from: systemAccount('fees'),
      to: systemAccount('referral_pool'),
    });
    await ledger.transfer(trx, {
      ...m,
      reason: 'team.commission',
      from: systemAccount('referral_pool'),
      to: userAccount(beneficiary, 'change'),
    });
  }
}

/** Pays commissions on every fee since the watermark (bounded per run); returns how many fees were read. */
export async function payCommissions(trx: Db, at: number): Promise<number> {
  const levels = await teamRepo.levels(trx);
  let after = await readWatermark(trx, WATERMARK);
  let n = 0;
  for (let i = 0; i < FEE_BATCHES_PER_RUN; i++) {
    const { rows, lastId } = await feeEntriesAfter(
      trx,
      after,
      COMMISSION_FEE_REASONS,
      at - FEE_SETTLE_LAG_MS,
    );
    if (lastId === after) break;
    for (const fee of rows) await payFee(trx, fee, levels, at);
    n += rows.length;
    after = lastId;
  }
  await writeWatermark(trx, WATERMARK, after, at);
  return n;
}

/** The first slot boundary after `ms`. */
const nextSlot = (ms: number) => (Math.floor(ms / COMMISSION_INTERVAL_MS) + 1) * COMMISSION_INTERVAL_MS;

async function scheduleNext(trx: Db, afterMs: number, nowMs: number) {
  const due = nextSlot(afterMs);
  await schedule(trx, COMMISSION_JOB, due, {}, { uniqueKey: `slot:${due}`, nowMs });
}

export const commissionJob: JobHandler<Record<string, never>> = {
  async run(tx, job) {
    await payCommissions(tx.trx, job.dueAtMs);
    await scheduleNext(tx.trx, Math.max(job.dueAtMs, tx.nowMs), tx.nowMs);
  },
};

/** At every start: the next hourly run exists (a no-op when it does). */
export async function ensureCommissionJob(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await runInTransaction(ctx.db, (trx) => scheduleNext(trx, now, now));
}
