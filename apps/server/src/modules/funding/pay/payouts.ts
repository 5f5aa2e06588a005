/**
 * Rupiah withdrawals (`wallet/out_pay`): a coin amount (fee included) paid out in rupiah to the caller's
 * bound bank card through the payment provider. Checks, in order: the channel offers the coin, the amount
 * (the coin's decimals, within its withdrawal bounds), `rate` when sent equal to the server's fee, a bound
 * bank card (`PAY_BANK_CARD_MISSING`, type 997: the client sends the user to bind one), the trade
 * password, the rupiah it makes within 10,000-100,000,000, then with two-factor on a `totp_code`
 * (`requireSecondFactor`, spent last so a refused amount does not use it up). Then the amount is frozen with the payout row
 * (status 1) in one transaction, the provider pays (reference `payout-<id>`, paid once), and the outcome
 * closes it: success → status 2, the frozen amount consumed (net to `pay_channel`, the fee to `fees`);
 * declined → status 3, released; no answer (the provider unreachable) → still 1, asked again by
 * `retryPayouts`. Fee = PAY_OUT_FEE_PERCENT of the amount, rounded up.
 */
import { formatMinor, mulDiv, parseDecimal } from '@oryx/contracts/money';
import { PAY_MAX_IDR, PAY_MIN_IDR } from '@oryx/contracts/funding/pay-calls';
import { AppError } from '../../../lib/app-error';
import type { AppContext } from '../../../lib/context';
import { runInTransaction } from '../../../db/transaction';
import { ledger, systemAccount, userAccount } from '../../ledger/service';
import { requireTradePassword } from '../../account/guards';
import { requireSecondFactor } from '../../auth/two-factor';
import { amountOf } from '../service';
import type { PayoutResult } from './provider';
import { paymentProvider } from './registry';
import { minorToRupiah, payTerms } from './terms';

export const PAYOUT_REF = 'funding_pay_payout';

export interface PayWithdrawInput {
  currency?: unknown;
  number?: unknown;
  rate?: unknown;
  pay_password?: string;
  totp_code?: string;
}

/** The fee of a rupiah withdrawal of `amount` minor units (basis points of PAY_OUT_FEE_PERCENT). */
export function payoutFee(ctx: AppContext, amount: bigint): bigint {
  const bps = BigInt(Math.round(ctx.env.PAY_OUT_FEE_PERCENT * 100));
  return mulDiv(amount, bps, 10_000n, 'up');
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
  const bank = await ctx.db
    .selectFrom('user_banks')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
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
  const id = await runInTransaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto('funding_pay_payouts')
      .values({
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
        status: 1,
        provider_ref: '',
        notes: '',
        created_at: at,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ledger.freeze(trx, {
      account: userAccount(userId, 'change'),
      currencyId: c.coin.currency_id,
      amountMinor: c.amount,
      reason: 'funding.pay_freeze',
      ref: { type: PAYOUT_REF, id: row.id },
      at,
    });
    return row.id;
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
  let result: PayoutResult;
  try {
    result = await c.provider.payout({
      reference: `payout-${id}`,
      amountIdr: c.amountIdr,
      bankCode: c.bank.bank_code,
      bankName: c.bank.bank_name,
      receiveName: c.bank.receive_name,
      receiveAccount: c.bank.receive_account,
    });
  } catch (err) {
    // Still sending (frozen): retryPayouts asks again under the same reference.
    ctx.log.warn({ err, payout: id }, 'funding: rupiah payout not answered, retried later');
    return reply(1);
  }
  const ok = result.state === 'success';
  await closePayout(ctx, id, ok, result.providerRef, result.state === 'success' ? '' : result.reason);
  return reply(ok ? 2 : 3);
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
  const rows = await ctx.db
    .selectFrom('funding_pay_payouts')
    .selectAll()
    .where('status', '=', 1)
    .where('provider', '=', provider.name)
    .where('created_at', '<=', ctx.clock.now() - PAYOUT_RETRY_AFTER_MS)
    .orderBy('id')
    .limit(100)
    .execute();
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
  return runInTransaction(ctx.db, async (trx) => {
    const r = await trx
      .updateTable('funding_pay_payouts')
      .set({ status: ok ? 2 : 3, provider_ref: providerRef, notes, finished_at: at })
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    const p = await trx
      .selectFrom('funding_pay_payouts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const base = { currencyId: p.currency_id, ref: { type: PAYOUT_REF, id }, at };
    const user = userAccount(p.user_id, 'change');
    if (!ok) {
      await ledger.release(trx, {
        ...base,
        account: user,
        amountMinor: p.amount_minor,
        reason: 'funding.pay_release',
      });
      return true;
    }
    const net = p.amount_minor - p.fee_minor;
    await ledger.consume(trx, {
      ...base,
      from: user,
      to: systemAccount('pay_channel'),
      amountMinor: net,
      reason: 'funding.pay_out',
    });
    if (p.fee_minor > 0n)
      await ledger.consume(trx, {
        ...base,
        from: user,
        to: systemAccount('fees'),
        amountMinor: p.fee_minor,
        reason: 'funding.pay_out_fee',
      });
    return true;
  });
}
