/** Lever orders as the wire shows them (dealall, my_trade, deal, the `lever_trade` push). */
import { formatMinorPlain } from '@oryx/contracts/money';
import { formatExchangeTime } from '@oryx/contracts/time';
import type { LeverOrderRow } from '@oryx/contracts/lever/calls';
import { translate } from '@oryx/i18n';
import { invariant } from '../../lib/app-error';
import type { LeverTerms } from './config';
import type { LeverOrder } from './repo';
import { pnlOf, type LeverType } from './rules';

/** Exact decimal without trailing zeros ('12.5', '10', '-3'). */
export const plain = formatMinorPlain;

const time = (ms: number | null) => (ms === null ? '' : formatExchangeTime(ms));

/** P/L of an order now: unrealised at the mark (open), realised (closed), 0 otherwise. */
export function profitOf(o: LeverOrder, t: LeverTerms, markMinor: bigint | undefined): bigint {
  if (o.status === 1 && markMinor !== undefined) {
    return pnlOf(o.type as LeverType, o.price_minor, markMinor, o.number_minor, t.baseScale);
  }
  return o.status === 3 ? (o.profits_minor ?? 0n) : 0n;
}

export function orderRow(
  o: LeverOrder,
  terms: Map<number, LeverTerms>,
  marks: Map<number, bigint>,
  locale: string,
): LeverOrderRow {
  const t = terms.get(o.market_id);
  invariant(t, `lever order ${o.id}: market ${o.market_id} has no terms`);
  const q = (v: bigint) => plain(v, t.quoteScale);
  const mark = marks.get(o.market_id);
  const update =
    o.status === 3
      ? (o.close_price_minor ?? o.price_minor)
      : o.status === 1 && mark !== undefined
        ? mark
        : o.price_minor;
  return {
    id: o.id,
    legal_id: t.legalId,
    currency_id: t.currencyId,
    legal: t.legalName,
    currency: t.currencyName,
    symbol: t.symbol,
    type: o.type,
    status: o.status,
    status_name: translate(locale, `lever.status.${o.status}`),
    share: o.share,
    multiple: o.multiple,
    number: plain(o.number_minor, t.baseScale),
    origin_price: q(o.origin_price_minor),
    price: q(o.price_minor),
    update_price: q(update),
    caution_money: q(o.margin_minor),
    origin_caution_money: q(o.origin_margin_minor),
    trade_fee: q(o.fee_minor),
    overnight_money: q(o.overnight_minor),
    profits: q(profitOf(o, t, mark)),
    target_profit_price: q(o.target_profit_minor),
    stop_loss_price: q(o.stop_loss_minor),
    transaction_time: time(o.opened_at),
    handle_time: time(o.closed_at),
    create_time: time(o.created_at),
    close_reason: o.close_reason ?? '',
  };
}
