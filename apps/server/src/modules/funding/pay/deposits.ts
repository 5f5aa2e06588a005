/**
 * Rupiah deposits. `wallet/charge_req_pay` checks the request (coin offered, whole rupiah within
 * 10,000-100,000,000, pay type, channel, a known bank when one is named), records an order with what it will
 * credit at today's rate, and answers the provider's payment page. The provider then posts a signed
 * notification: `receiveNotice` credits the order once, in one transaction with the notification's record:
 * - a notification whose signature does not check out (forged, altered) changes nothing;
 * - a notification id seen before (a replay) changes nothing;
 * - a paid notification for a waiting order of the same amount: status 0 → 1 and the ledger moves
 *   `credit_minor` from `pay_channel` to the user's change wallet (`funding.pay_deposit`);
 * - a failed one: status 0 → 2; anything else (unknown order, other amount, closed order) is recorded
 *   with its outcome and changes no money.
 */
import { notify } from '../../notifications/service';
import { BANK_CODES } from '@oryx/contracts/banks';
import { PAY_TYPES } from '@oryx/contracts/funding/pay-calls';
import { AppError } from '../../../lib/app-error';
import type { AppContext } from '../../../lib/context';
import type { Db } from '../../../db/connection';
import { isUniqueViolation, runInTransaction } from '../../../db/transaction';
import { ledger, systemAccount, userAccount } from '../../ledger/service';
import type { PaymentNotice } from './provider';
import { channelOf, payTerms, rupiahOf, rupiahToMinor } from './terms';
import { payRepo } from './repo';

/** A bank the provider's online banking takes (the wire's bank codes but `other`). */
export const isPayBank = (code: string) =>
  BANK_CODES.some((c) => c !== 'other' && c.toUpperCase() === code.toUpperCase());

export const PAY_DEPOSIT_REF = 'funding_pay_order';
export const orderRef = (id: number) => `pay-${id}`;

export interface PayDepositInput {
  currency?: unknown;
  amount?: unknown;
  pay_type?: unknown;
  recharge?: unknown;
  channel?: string;
  bank_code?: string;
}

/** `wallet/charge_req_pay`: the URL of the provider's payment page for a new order. */
export async function requestPayDeposit(
  ctx: AppContext,
  userId: number,
  input: PayDepositInput,
  locale = 'en',
) {
  const { coin, rate, provider } = await payTerms(ctx, input.currency);
  const amountIdr = rupiahOf(input.amount);
  const payType = Number(input.pay_type);
  if (payType !== PAY_TYPES.bank && payType !== PAY_TYPES.scan) throw new AppError('PAY_TYPE_INVALID');
  const channel = channelOf(input.channel, input.recharge);
  // Online banking names its bank here or, without one (it is optional), on the provider's page.
  const bankCode = (input.bank_code ?? '').trim().toUpperCase();
  if (payType === PAY_TYPES.bank && bankCode !== '' && !isPayBank(bankCode))
    throw new AppError('PAY_BANK_REQUIRED');
  const creditMinor = rupiahToMinor(amountIdr, rate, coin.scale);
  const id = await payRepo.insertOrder(ctx.db, {
    user_id: userId,
    currency_id: coin.currency_id,
    provider: provider.name,
    channel,
    pay_type: payType,
    bank_code: payType === PAY_TYPES.bank ? bankCode : '',
    amount_idr: Number(amountIdr),
    credit_minor: creditMinor,
    status: 0,
    provider_ref: '',
    created_at: ctx.clock.now(),
    paid_at: null,
  });
  const ref = orderRef(id);
  const page = await provider.createPayment({ orderRef: ref, amountIdr, channel, payType, bankCode, locale });
  await payRepo.setOrderProviderRef(ctx.db, id, page.providerRef);
  return page.url;
}

export type NoticeOutcome =
  'credited' | 'failed' | 'replay' | 'forged' | 'unknown_order' | 'mismatch' | 'closed';

/** A provider's notification (`/api/pay/notify/<provider>`). */
export async function receiveNotice(
  ctx: AppContext,
  providerName: string,
  body: Record<string, unknown>,
  verify: (body: Record<string, unknown>) => PaymentNotice | null,
): Promise<NoticeOutcome> {
  const notice = verify(body);
  if (!notice) return 'forged';
  const at = ctx.clock.now();
  try {
    return await runInTransaction(ctx.db, async (trx) => {
      const outcome = await applyNotice(trx, providerName, notice, at);
      if (outcome === 'replay') return outcome;
      await payRepo.insertNotice(trx, {
        provider: providerName,
        notice_id: notice.noticeId,
        order_ref: notice.orderRef,
        outcome,
        received_at: at,
      });
      return outcome;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'replay';
    throw err;
  }
}

async function applyNotice(
  trx: Db,
  providerName: string,
  n: PaymentNotice,
  at: number,
): Promise<NoticeOutcome> {
  if (await payRepo.isNoticeSeen(trx, providerName, n.noticeId)) return 'replay';
  const m = /^pay-(\d{1,9})$/.exec(n.orderRef);
  const order = m ? await payRepo.order(trx, Number(m[1])) : undefined;
  if (!order || order.provider !== providerName) return 'unknown_order';
  if (order.status !== 0) return 'closed';
  if (n.status === 'paid' && BigInt(order.amount_idr) !== n.amountIdr) return 'mismatch';
  if (!(await payRepo.closeOrder(trx, order.id, n.status === 'paid', at))) return 'closed';
  if (n.status === 'failed') return 'failed';
  await ledger.transfer(trx, {
    from: systemAccount('pay_channel'),
    to: userAccount(order.user_id, 'change'),
    currencyId: order.currency_id,
    amountMinor: order.credit_minor,
    reason: 'funding.pay_deposit',
    ref: { type: PAY_DEPOSIT_REF, id: order.id },
    at,
  });
  const money = { currencyId: order.currency_id, minor: order.credit_minor };
  await notify(
    trx,
    [{ userId: order.user_id, kind: 'deposit.credited', params: { id: order.id, area: 'rupiah' }, money }],
    at,
  );
  return 'credited';
}
