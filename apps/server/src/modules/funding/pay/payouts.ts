/**
 * Rupiah withdrawals (`wallet/out_pay`): a coin amount (fee included) paid out in rupiah to the caller's
 * bound bank card through the payment provider. Checks, in order: the channel offers the coin, the amount
 * (the coin's decimals, within its withdrawal bounds), `rate` when sent equal to the server's fee, a bound
 * bank card (`PAY_BANK_CARD_MISSING`, type 997: the client sends the user to bind one), the trade
 * password, the rupiah it makes within 10,000-100,000,000, then with two-factor on a `totp_code`
 * (`requireSecondFactor`, spent last so a refused amount does not use it up). Then the amount is frozen
 * with the payout row in one transaction. It is reviewed like a coin withdrawal (../review.ts: the user's
 * withdrawals in 24 hours by value): then it waits (status 0) for an operator (`decidePayout`, four-eyes
 * with the user as beneficiary); otherwise status 1 at once. A freshly bound card receives nothing at all:
 * a card counts only once it has waited out PAYMENT_DETAILS_COOLOFF_HOURS (account/payment-details.ts),
 * until then the payout is refused as without a card. A status-1 payout is paid by the provider
 * (reference `payout-<id>`, paid once), and the outcome closes it: success → status 2, the frozen amount
 * consumed (net to `pay_channel`, the fee to `fees`); declined → status 3, released; no answer (the
 * provider unreachable) → still 1, asked again by `retryPayouts`. A rejected review → status 3, released.
 * Fee = PAY_OUT_FEE_PERCENT of the amount, rounded up.
 */
import { feeOf, formatMinor, parseDecimal } from '@oryx/contracts/money';
import { formatExchangeTime } from '@oryx/contracts/time';
import { PAY_MAX_IDR, PAY_MIN_IDR } from '@oryx/contracts/funding/pay-calls';
import { AppError } from '../../../lib/app-error';
import type { AppContext } from '../../../lib/context';
import { runInTransaction } from '../../../db/transaction';
import { ledger, userAccount } from '../../ledger/service';
import { settleHeldPayout, type HeldPayoutWay } from '../held-payout';
import { catalogRepo, withCurrency } from '../../catalog/repo';
import { consoleRepo } from '../../console/repo';
import { userAdminRepo } from '../../users/admin-repo';
import { payRepo } from './repo';
import { requireTradePassword } from '../../account/guards';
import { requireSecondFactor } from '../../auth/two-factor';
import { assertNotOwnAccount, closeOpenRequest, fourEyes } from '../../console/four-eyes';
import type { Db } from '../../../db/connection';
import { amountOf } from '../service';
import { notifyOperators } from '../../notifications/operators';
import { withdrawalNeedsReview } from '../review';
import type { PayoutResult } from './provider';
import { paymentProvider } from './registry';
import { minorToRupiah, payTerms } from './terms';

export const PAYOUT_REF = 'funding_pay_payout';
/** The four-eyes kind of a payout approval. */
export const PAYOUT_KIND = 'funding.payout';
export const PAYOUT_STATUS = { review: 0, sending: 1, success: 2, failed: 3 } as const;

export interface PayWithdrawInput {
  currency?: unknown;
  number?: unknown;
  rate?: unknown;
  pay_password?: string;
  totp_code?: string;
}

/** The fee of a rupiah withdrawal of `amount` minor units (basis points of PAY_OUT_FEE_PERCENT). */
export function payoutFee(ctx: AppContext, amount: bigint): bigint {
  return feeOf(amount, Math.round(ctx.env.PAY_OUT_FEE_PERCENT * 100));
}

async function check(ctx: AppContext, userId: number, input: PayWithdrawInput, ip: string) {
  const { coin, rate, provider } = await payTerms(ctx, input.currency);
  const amount = amountOf(input.number, coin);
  if (amount < coin.min_withdraw_minor)
    throw new AppError('FUNDING_AMOUNT_BELOW_MIN', {
      min: formatMinor(coin.min_withdraw_minor, coin.scale),
      currency: coin.name,
    });
  if (amount > coin.max_withdraw_minor)
    throw new AppError('FUNDING_AMOUNT_ABOVE_MAX', {
      max: formatMinor(coin.max_withdraw_minor, coin.scale),
      currency: coin.name,
    });
  const fee = payoutFee(ctx, amount);
  if (input.rate !== undefined && input.rate !== '') {
    let sent: bigint | null = null;
    try {
      sent = parseDecimal(input.rate, coin.scale, { allowZero: true });
    } catch {
      sent = null;
    }
    if (sent !== fee)
      throw new AppError('FUNDING_FEE_MISMATCH', { fee: formatMinor(fee, coin.scale), currency: coin.name });
  }
  const bank = await payRepo.bankCard(ctx.db, userId);
  if (!bank || !bank.receive_account) throw new AppError('PAY_BANK_CARD_MISSING');
  await requireTradePassword(ctx, userId, input.pay_password, { legacy: true, ip });
  const amountIdr = minorToRupiah(amount - fee, rate, coin.scale);
  if (amountIdr < BigInt(PAY_MIN_IDR) || amountIdr > BigInt(PAY_MAX_IDR))
    throw new AppError('PAY_AMOUNT_RANGE', { min: '10,000', max: '100,000,000' });
  await requireSecondFactor(ctx, userId, input.totp_code);
  return { coin, provider, amount, fee, amountIdr, bank };
}

/** `wallet/out_pay`: freezes, pays out through the provider, closes. Returns the payout's outcome. */
export async function requestPayWithdrawal(
  ctx: AppContext,
  userId: number,
  input: PayWithdrawInput,
  ip = '',
) {
  const c = await check(ctx, userId, input, ip);
  const at = ctx.clock.now();
  const { id, status } = await runInTransaction(ctx.db, async (trx) => {
    const review = await withdrawalNeedsReview(ctx, trx, {
      userId,
      currencyId: c.coin.currency_id,
      amountMinor: c.amount,
    });
    const status = review ? PAYOUT_STATUS.review : PAYOUT_STATUS.sending;
    const payoutId = await payRepo.insertPayout(trx, {
      user_id: userId,
      currency_id: c.coin.currency_id,
      provider: c.provider.name,
      amount_minor: c.amount,
      fee_minor: c.fee,
      amount_idr: Number(c.amountIdr),
      bank_code: c.bank.bank_code,
      bank_name: c.bank.bank_name,
      receive_name: c.bank.receive_name,
      receive_account: c.bank.receive_account,
      status,
      provider_ref: '',
      notes: '',
      created_at: at,
      finished_at: null,
    });
    await ledger.freeze(trx, {
      account: userAccount(userId, 'change'),
      currencyId: c.coin.currency_id,
      amountMinor: c.amount,
      reason: 'funding.pay_freeze',
      ref: { type: PAYOUT_REF, id: payoutId },
      at,
    });
    const money = { currencyId: c.coin.currency_id, minor: c.amount };
    const notice = { kind: 'console.withdrawal' as const, params: { id: payoutId, area: 'rupiah' }, money };
    if (review) await notifyOperators(trx, notice, [userId], at);
    return { id: payoutId, status };
  }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'LEDGER_INSUFFICIENT')
      throw new AppError('FUNDING_INSUFFICIENT');
    throw err;
  });
  const reply = (status: number) => ({
    id,
    status,
    fee: formatMinor(c.fee, c.coin.scale),
    amount_idr: Number(c.amountIdr),
  });
  if (status === PAYOUT_STATUS.review) return reply(status);
  return reply(await sendPayout(ctx, id));
}

/**
 * Asks the provider to pay a status-1 payout and closes it with the answer; returns the status it is
 * left in (1 when the provider did not answer: `retryPayouts` asks again under the same reference).
 */
async function sendPayout(ctx: AppContext, id: number): Promise<number> {
  const p = await payRepo.payout(ctx.db, id);
  if (!p) throw new AppError('FUNDING_NOT_FOUND');
  if (p.status !== PAYOUT_STATUS.sending) return p.status;
  let result: PayoutResult;
  try {
    result = await paymentProvider(ctx).payout({
      reference: `payout-${id}`,
      amountIdr: BigInt(p.amount_idr),
      bankCode: p.bank_code,
      bankName: p.bank_name,
      receiveName: p.receive_name,
      receiveAccount: p.receive_account,
    });
  } catch (err) {
    // Still sending (frozen): retryPayouts asks again under the same reference.
    ctx.log.warn({ err, payout: id }, 'funding: rupiah payout not answered, retried later');
    return PAYOUT_STATUS.sending;
  }
  const ok = result.state === 'success';
  await closePayout(ctx, id, ok, result.providerRef, result.state === 'success' ? '' : result.reason);
  return ok ? PAYOUT_STATUS.success : PAYOUT_STATUS.failed;
}

/**
 * Operator: approve (paid out now) or reject (released, status 3) a payout waiting for review. The
 * approval is a four-eyes action with the user as beneficiary (console/four-eyes.ts): beyond what one
 * operator may move alone, the first approval only records the request (`pending`). Nobody decides
 * their own payout; a rejection closes a waiting first approval.
 */
export async function decidePayout(ctx: AppContext, id: number, approve: boolean, actorId: number) {
  const p = await payRepo.payout(ctx.db, id);
  if (!p) throw new AppError('FUNDING_NOT_FOUND');
  if (p.status !== PAYOUT_STATUS.review) throw new AppError('FUNDING_ALREADY_DECIDED');
  assertNotOwnAccount(actorId, p.user_id);
  const at = ctx.clock.now();
  const pending = await runInTransaction(ctx.db, async (trx) => {
    if (!approve) {
      await closeOpenRequest(trx, PAYOUT_KIND, id, actorId, at);
      if (!(await closePayoutIn(trx, id, PAYOUT_STATUS.review, false, '', 'rejected', at)))
        throw new AppError('FUNDING_ALREADY_DECIDED');
      return false;
    }
    const check = await fourEyes(ctx, trx, {
      kind: PAYOUT_KIND,
      subjectId: id,
      currencyId: p.currency_id,
      amountMinor: p.amount_minor,
      actorId,
      reason: `rupiah payout ${id} to ${p.bank_code} ${p.receive_account}`.slice(0, 200),
      beneficiaryId: p.user_id,
    });
    if (check.decision === 'pending') return true;
    const sending = { status: PAYOUT_STATUS.sending };
    if (!(await payRepo.movePayoutFrom(trx, id, PAYOUT_STATUS.review, sending)))
      throw new AppError('FUNDING_ALREADY_DECIDED');
    return false;
  });
  const status = approve && !pending ? await sendPayout(ctx, id) : approve ? PAYOUT_STATUS.review : 3;
  return { id, status, four_eyes_pending: pending };
}

export const ADMIN_PAYOUTS_LIMIT = 200;

/** Operator: payouts with one status (default 0, waiting for review), oldest first. */
export async function adminPayouts(ctx: AppContext, status: number) {
  const listed = await payRepo.payoutsInStatus(
    ctx.db,
    status,
    status === PAYOUT_STATUS.review,
    ADMIN_PAYOUTS_LIMIT,
  );
  const [currencies, logins, waiting] = await Promise.all([
    catalogRepo.currencyMap(ctx.db),
    userAdminRepo.logins(
      ctx.db,
      listed.map((r) => r.user_id),
    ),
    consoleRepo.pendingSubjects(ctx.db, PAYOUT_KIND, 1_000),
  ]);
  const rows = withCurrency(listed, currencies).flatMap((r) => {
    const u = logins.get(r.user_id);
    return u ? [{ ...r, currency_name: r.name, email: u.email, phone: u.phone }] : [];
  });
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    account: r.email ?? r.phone ?? '',
    currency_name: r.currency_name,
    number: formatMinor(r.amount_minor, r.scale),
    fee: formatMinor(r.fee_minor, r.scale),
    amount_idr: r.amount_idr,
    bank_code: r.bank_code,
    bank_name: r.bank_name,
    receive_name: r.receive_name,
    receive_account: r.receive_account,
    status: r.status,
    notes: r.notes,
    created_time: formatExchangeTime(r.created_at),
    four_eyes_pending: waiting.has(String(r.id)),
  }));
}

/** A payout still sending this long after its request is asked of the provider again. */
export const PAYOUT_RETRY_AFTER_MS = 60_000;

/**
 * Background (with the deposit scan): payouts left sending (the provider unreachable when asked, or the
 * server stopped in between) are asked again under the same reference, which the provider pays once,
 * and closed with its answer. A provider still failing leaves them for the next run.
 */
export async function retryPayouts(ctx: AppContext): Promise<number> {
  const provider = paymentProvider(ctx);
  const rows = await payRepo.payoutsToRetry(ctx.db, provider.name, ctx.clock.now() - PAYOUT_RETRY_AFTER_MS);
  let closed = 0;
  for (const p of rows) {
    try {
      const result = await provider.payout({
        reference: `payout-${p.id}`,
        amountIdr: BigInt(p.amount_idr),
        bankCode: p.bank_code,
        bankName: p.bank_name,
        receiveName: p.receive_name,
        receiveAccount: p.receive_account,
      });
      const ok = result.state === 'success';
      const reason = result.state === 'success' ? '' : result.reason;
      if (await closePayout(ctx, p.id, ok, result.providerRef, reason)) closed++;
    } catch (err) {
      ctx.log.warn({ err, payout: p.id }, 'funding: rupiah payout retry failed, tried again next run');
    }
  }
  return closed;
}

/** Closes a sending payout once: success consumes the frozen amount, failure releases it. */
export async function closePayout(
  ctx: AppContext,
  id: number,
  ok: boolean,
  providerRef: string,
  notes: string,
) {
  const at = ctx.clock.now();
  return runInTransaction(ctx.db, (trx) =>
    closePayoutIn(trx, id, PAYOUT_STATUS.sending, ok, providerRef, notes, at),
  );
}

/** How a payout's held amount settles (held-payout.ts); `area: 'rupiah'` tells it from a coin withdrawal. */
const PAYOUT_WAY: HeldPayoutWay = {
  refType: PAYOUT_REF,
  outAccount: 'pay_channel',
  reasons: { out: 'funding.pay_out', fee: 'funding.pay_out_fee', release: 'funding.pay_release' },
  noticeParams: { area: 'rupiah' },
};

/** Closes a payout in `from` once, inside the caller's transaction; false when it was not in `from`. */
async function closePayoutIn(
  trx: Db,
  id: number,
  from: number,
  ok: boolean,
  providerRef: string,
  notes: string,
  at: number,
): Promise<boolean> {
  const end = { status: ok ? 2 : 3, provider_ref: providerRef, notes, finished_at: at };
  if (!(await payRepo.movePayoutFrom(trx, id, from, end))) return false;
  const p = await payRepo.payout(trx, id);
  if (!p) return false;
  await settleHeldPayout(trx, PAYOUT_WAY, p, ok, notes, at);
  return true;
}
