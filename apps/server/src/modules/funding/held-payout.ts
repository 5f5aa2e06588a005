/**
 * The end of a held payout, shared by coin withdrawals (withdrawals.ts) and rupiah payouts
 * (pay/payouts.ts): the request froze the whole amount in the user's change wallet; success consumes the
 * net to the account the money leaves through and the fee to `fees`, failure releases it all. Either
 * way the owner hears how it ended. The caller has already moved the row to its end state, once.
 */
import type { Db } from '../../db/connection';
import { ledger, systemAccount, userAccount, type SystemAccountName } from '../ledger/service';
import type { Reason } from '../ledger/movement';
import { notify } from '../notifications/service';

export interface HeldPayout {
  id: number;
  user_id: number;
  currency_id: number;
  amount_minor: bigint;
  fee_minor: bigint;
}

export interface HeldPayoutWay {
  /** The ledger reference type of the payout row. */
  refType: string;
  /** Where the net amount goes on success. */
  outAccount: SystemAccountName;
  reasons: { out: Reason; fee: Reason; release: Reason };
  /** Extra notice parameters telling the kinds of payout apart. */
  noticeParams?: Record<string, string>;
}

/** Settles `p` (paid when `isPaid`); `notes` 'rejected' tells a refusal from a failure in the notice. */
export async function settleHeldPayout(
  trx: Db,
  way: HeldPayoutWay,
  p: HeldPayout,
  isPaid: boolean,
  notes: string,
  at: number,
): Promise<void> {
  const kind = isPaid ? 'withdraw.sent' : notes === 'rejected' ? 'withdraw.rejected' : 'withdraw.failed';
  const money = { currencyId: p.currency_id, minor: p.amount_minor };
  await notify(trx, [{ userId: p.user_id, kind, params: { id: p.id, ...way.noticeParams }, money }], at);
  const base = { currencyId: p.currency_id, ref: { type: way.refType, id: p.id }, at };
  const user = userAccount(p.user_id, 'change');
  if (!isPaid) {
    await ledger.release(trx, {
      ...base,
      account: user,
      amountMinor: p.amount_minor,
      reason: way.reasons.release,
    });
    return;
  }
  await ledger.consume(trx, {
    ...base,
    from: user,
    to: systemAccount(way.outAccount),
    amountMinor: p.amount_minor - p.fee_minor,
    reason: way.reasons.out,
  });
  if (p.fee_minor > 0n)
    await ledger.consume(trx, {
      ...base,
      from: user,
      to: systemAccount('fees'),
      amountMinor: p.fee_minor,
      reason: way.reasons.fee,
    });
}
