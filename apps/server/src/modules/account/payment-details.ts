/**
 * Where money goes to: the rupiah payout bank card (`user_banks`) and the C2C payment details
 * (`user_cash_info`). Other areas read only those two tables (funding pays out to the card, p2p shows the
 * details to counterparties and requires them before an ad or a deal), so the tables hold the details
 * *in effect*. New details wait out `PAYMENT_DETAILS_COOLOFF_HOURS` in `*_pending` and a scheduler job
 * moves them in at `usable_at`: a stolen session (even with the password and a code) cannot have money
 * paid to a fresh account at once, and the owner has that long to notice the code e-mail and act.
 *
 * - Bank card: binding a new one takes the old one out of effect at once (the owner asked to replace
 *   it) and the new one receives nothing until `usable_at`: a payout meanwhile is refused
 *   (`PAY_BANK_CARD_MISSING`, type 997), never sent to a card bound less than the cool-off ago.
 * - C2C payment details: counterparties of open deals are reading them, so the previous details stay in
 *   effect (shown to buyers, paid to) until the new ones have cooled off, then they are replaced; a user
 *   with none in effect yet cannot post or take an ad (`PAYMENT_DETAILS_MISSING`, 997) until then.
 */
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import type { AppContext } from '../../lib/context';
import { schedule, type JobHandler, type JobHandlers } from '../scheduler/scheduler';
import { paymentDetailsRepo, type BankCard, type PaymentDetails } from './repo';

const HOUR_MS = 3_600_000;
export const BANK_USABLE_JOB = 'account.bank_card_usable';
export const CASH_USABLE_JOB = 'account.payment_details_usable';

/** When details bound now take effect (`now` itself with no cool-off). */
export function usableAtFrom(ctx: AppContext, now: number): number {
  return now + Math.round(ctx.env.PAYMENT_DETAILS_COOLOFF_HOURS * HOUR_MS);
}

const putBank = (trx: Db, userId: number, card: BankCard, at: number) =>
  paymentDetailsRepo.putBank(trx, userId, card, at);

const putCash = (trx: Db, userId: number, details: PaymentDetails, at: number) =>
  paymentDetailsRepo.putCash(trx, userId, details, at);

/** Binds `card`: in effect at once without a cool-off, else from `usable_at` (returned). */
export async function bindBankCard(ctx: AppContext, userId: number, card: BankCard): Promise<number> {
  const now = ctx.clock.now();
  const usableAt = usableAtFrom(ctx, now);
  await runInTransaction(ctx.db, async (trx) => {
    await paymentDetailsRepo.dropPendingBank(trx, userId);
    if (usableAt <= now) return putBank(trx, userId, card, now);
    await paymentDetailsRepo.dropBank(trx, userId);
    await paymentDetailsRepo.putPendingBank(trx, userId, card, now, usableAt);
    await schedule(
      trx,
      BANK_USABLE_JOB,
      usableAt,
      { userId },
      { uniqueKey: `${userId}:${usableAt}`, nowMs: now },
    );
  });
  return usableAt;
}

/** Saves `details`: in effect at once without a cool-off, else from `usable_at` (returned). */
export async function savePaymentDetails(
  ctx: AppContext,
  userId: number,
  details: PaymentDetails,
): Promise<number> {
  const now = ctx.clock.now();
  const usableAt = usableAtFrom(ctx, now);
  await runInTransaction(ctx.db, async (trx) => {
    await paymentDetailsRepo.dropPendingCash(trx, userId);
    if (usableAt <= now) return putCash(trx, userId, details, now);
    await paymentDetailsRepo.putPendingCash(trx, userId, details, now, usableAt);
    await schedule(
      trx,
      CASH_USABLE_JOB,
      usableAt,
      { userId },
      { uniqueKey: `${userId}:${usableAt}`, nowMs: now },
    );
  });
  return usableAt;
}

/** The card last bound: the waiting one if any, else the one in effect; `usable_at` 0 when in effect. */
export async function latestBankCard(ctx: AppContext, userId: number) {
  const pending = await paymentDetailsRepo.pendingBank(ctx.db, userId);
  const pick = (c: BankCard) => ({
    receive_name: c.receive_name,
    receive_account: c.receive_account,
    bank_code: c.bank_code,
    bank_name: c.bank_name,
  });
  if (pending) return { ...pick(pending), usable_at: pending.usable_at };
  const card = await paymentDetailsRepo.bank(ctx.db, userId);
  return card ? { ...pick(card), usable_at: 0 } : null;
}

/** The details last saved: the waiting ones if any, else those in effect; `usable_at` 0 when in effect. */
export async function latestPaymentDetails(ctx: AppContext, userId: number) {
  const pending = await paymentDetailsRepo.pendingCash(ctx.db, userId);
  if (pending) {
    const { user_id: _u, created_at: _c, ...details } = pending;
    return details;
  }
  const row = await paymentDetailsRepo.cash(ctx.db, userId);
  if (!row) return null;
  const { user_id: _u, updated_at: _t, ...details } = row;
  return { ...details, usable_at: 0 };
}

/** Moves waiting details in once their time has come (a later binding waits for its own job). */
const bankUsable: JobHandler<{ userId: number }> = {
  run: async ({ trx }, job) => {
    const row = await paymentDetailsRepo.pendingBank(trx, job.payload.userId, job.dueAtMs);
    if (!row) return;
    const { user_id: userId, created_at: _c, usable_at: at, ...card } = row;
    await putBank(trx, userId, card, at);
    await paymentDetailsRepo.dropPendingBank(trx, userId);
  },
};

const cashUsable: JobHandler<{ userId: number }> = {
  run: async ({ trx }, job) => {
    const row = await paymentDetailsRepo.pendingCash(trx, job.payload.userId, job.dueAtMs);
    if (!row) return;
    const { user_id: userId, created_at: _c, usable_at: at, ...details } = row;
    await putCash(trx, userId, details, at);
    await paymentDetailsRepo.dropPendingCash(trx, userId);
  },
};

export const paymentDetailsJobs: JobHandlers = {
  [BANK_USABLE_JOB]: bankUsable,
  [CASH_USABLE_JOB]: cashUsable,
};
