/**
 * The daily instalments (README.md, "Product"): the `earning.payout` job of instalment k pays the
 * interest of day k from `earning_pool` to the spot wallet and, on the last day, returns the principal
 * from the deposit wallet's frozen part; then it schedules instalment k + 1 at its fixed due time. Each
 * instalment is one `earning_payouts` row (unique per record and k) and every amount is computed from
 * the record and k alone, never from the clock, so a run that is late, repeated or resumed after a
 * restart pays exactly what a punctual one would; a run before the due time finds nothing to do.
 */
import { EARNING_STATUS } from '@oryx/contracts/earning/calls';
import { instalmentDueAt, instalmentOf } from '@oryx/contracts/earning/terms';
import type { Db } from '../../db/connection';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { schedule, type JobHandler } from '../scheduler/scheduler';
import { LEDGER_REF_TYPE, PAYOUT_JOB } from './config';
import { earningRepo } from './repo';

/** Pays instalment `seq` of a record as of `at` (its due time). False when there was nothing to pay. */
export async function payInstalment(trx: Db, recordId: number, seq: number, at: number): Promise<boolean> {
  const r = await earningRepo.record(trx, recordId);
  if (!r || r.status !== EARNING_STATUS.earning || r.paid_count !== seq - 1 || seq > r.day) return false;
  const interest = instalmentOf(r.interest_minor, r.day, seq);
  const isLast = seq === r.day;
  const principal = isLast ? r.principal_minor : 0n;
  const inserted = await earningRepo.insertPayout(
    trx,
    { record_id: r.id, seq, interest_minor: interest, principal_minor: principal, due_at: at },
    at,
  );
  if (!inserted) return false;
  const m = { currencyId: r.currency_id, ref: { type: LEDGER_REF_TYPE, id: r.id }, at };
  const spot = userAccount(r.user_id, 'change');
  if (interest > 0n) {
    await ledger.transfer(trx, {
      ...m,
      amountMinor: interest,
      reason: 'earning.interest',
      from: systemAccount('earning_pool'),
      to: spot,
    });
  }
  if (principal > 0n) {
    await ledger.post(trx, {
      ...m,
      amountMinor: principal,
      reason: 'earning.principal',
      debit: { account: userAccount(r.user_id, 'deposit'), bucket: 'frozen' },
      credit: { account: spot, bucket: 'available' },
    });
  }
  await earningRepo.markPaid(trx, r.id, seq, {
    paid_minor: r.paid_minor + interest,
    status: isLast ? EARNING_STATUS.finished : EARNING_STATUS.earning,
  });
  if (!isLast) {
    await schedule(
      trx,
      PAYOUT_JOB,
      instalmentDueAt(r.created_at, seq + 1),
      { recordId: r.id, seq: seq + 1 },
      {
        uniqueKey: `r:${r.id}:${seq + 1}`,
        nowMs: at,
      },
    );
  }
  return true;
}

export const payoutJob: JobHandler<{ recordId: number; seq: number }> = {
  async run(tx, job) {
    await payInstalment(tx.trx, job.payload.recordId, job.payload.seq, job.dueAtMs);
  },
};
