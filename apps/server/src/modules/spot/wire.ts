/**
 * Wire shapes of spot objects (decimal strings, the API family's field names).
 */
import { divRound, formatMinor, mulDiv } from '@oryx/contracts/money';
import { ENTRUST_PAGE_SIZE, type SpotOrderWire } from '@oryx/contracts/spot/calls';
import { formatExchangeTime } from '@oryx/contracts/time';
import { lastPage } from '../../lib/paging';
import type { Bar } from './candles';
import { amountText, baseText, priceText, quoteText, type SpotMarket } from './markets';
import { orderFromRow, type OrderState, type TradeRecord } from './orders';
import type { OrderRow, TradeRow } from './repo';

export function orderWire(m: SpotMarket, o: OrderState): SpotOrderWire {
  const isOpen = o.status === 1;
  const state = isOpen ? (o.filledAmount > 0n ? 'partial' : 'open') : o.status === 2 ? 'filled' : 'cancelled';
  // Average price = quote / base at the price scale, shown with every decimal of the quote scale.
  const avg =
    o.filledAmount > 0n ? divRound(o.filledQuote * 10n ** BigInt(m.baseScale), o.filledAmount, 'down') : 0n;
  return {
    id: o.id,
    match_id: m.id,
    legal_id: m.legalId,
    currency_id: m.currencyId,
    symbol: m.symbol,
    type: o.side === 'buy' ? 1 : 2,
    order_type: o.orderType,
    // Clients of this API family label a row by `status` alone (1 open, 2 done): a cancelled order is 3,
    // so it is never shown as completed (see the README, "Order status on the wire").
    status: isOpen ? 1 : state === 'cancelled' ? 3 : 2,
    state,
    target_price: priceText(m, o.price, m.quoteScale),
    trade_amount: baseText(m, o.amount),
    deal_amount: baseText(m, o.filledAmount),
    trade_price: quoteText(m, avg),
    deal_money: quoteText(m, o.filledQuote),
    fee: o.side === 'buy' ? baseText(m, o.fee) : quoteText(m, o.fee),
    fee_currency: o.side === 'buy' ? m.currencyName : m.legalName,
    cancel_reason: o.cancelReason,
    amount_decimals: m.amountDecimals,
    price_decimals: m.priceDecimals,
    created_at: formatExchangeTime(o.createdAt),
    updated_at: formatExchangeTime(o.updatedAt),
    client_id: o.clientOid,
  };
}

/** One row of a user's order list (`coin/list`). */
export const orderRowWire = (m: SpotMarket, r: OrderRow): SpotOrderWire => orderWire(m, orderFromRow(r, m));

export function recentTradeWire(m: SpotMarket, t: TradeRecord) {
  return {
    id: t.id,
    create_time: formatExchangeTime(t.at),
    // The same Asia/Shanghai `YYYY-MM-DD HH:MM:SS` string: clients show its last 8 characters.
    time: formatExchangeTime(t.at),
    price: priceText(m, t.price),
    number: amountText(m, t.amount),
    direction: t.takerSide,
    way: t.takerSide === 'buy' ? (1 as const) : (2 as const),
  };
}

/**
 * Ask levels as the wire sends them (`transaction/deal` `out`, `market_depth` `asks`): the best `levels`
 * asks, highest price first and the best ask last, next to the last price. `asks` is best first.
 */
export function asksHighestFirst<T>(asks: readonly T[], levels: number): T[] {
  return asks.slice(0, levels).reverse();
}

export function candleWire(m: SpotMarket, b: Bar) {
  return {
    time: b.openTime,
    open: priceText(m, b.open),
    high: priceText(m, b.high),
    low: priceText(m, b.low),
    close: priceText(m, b.close),
    volume: amountText(m, b.volume),
  };
}

/** CNY value of one base unit at `price` (2 decimals). */
export function cnyOf(m: SpotMarket, price: bigint): string {
  return formatMinor(mulDiv(price, m.quoteCnyRate, 10n ** 8n, 'down'), m.quoteScale, 2);
}

export interface DayStats {
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Base minor units. */
  volume: bigint;
  /** Quote minor units. */
  quoteVolume: bigint;
}

/** Rolling 24 h stats from 1-minute bars (oldest first); the last price when nothing traded. */
export function dayStats(minuteBars: Bar[], last: bigint, nowMs: number): DayStats {
  const from = nowMs - 24 * 3_600_000;
  let s: DayStats | null = null;
  for (const b of minuteBars) {
    if (b.openTime + 60_000 <= from) continue;
    if (!s) s = { open: b.open, high: b.high, low: b.low, close: b.close, volume: 0n, quoteVolume: 0n };
    if (b.high > s.high) s.high = b.high;
    if (b.low < s.low) s.low = b.low;
    s.close = b.close;
    s.volume += b.volume;
    s.quoteVolume += b.quoteVolume;
  }
  return s ?? { open: last, high: last, low: last, close: last, volume: 0n, quoteVolume: 0n };
}

/** The ticker (market/tickers.ts) of a market's last price and 24 h stats: high and low widened to the last. */
export function tickerOf(last: bigint, s: DayStats) {
  return {
    last,
    open: s.open,
    high: s.high > last ? s.high : last,
    low: s.low < last ? s.low : last,
    volume: s.volume,
  };
}

/** One open order on the entrust page, on `side`'s list. */
export function entrustOpenRow(m: SpotMarket, r: OrderRow, side: 'buy' | 'sell', account: string) {
  const time = formatExchangeTime(r.created_at);
  return {
    id: r.id,
    order_id: r.id,
    create_time: time,
    time,
    legal_name: m.legalName,
    currency_name: m.currencyName,
    number: baseText(m, r.amount_minor - r.filled_amount_minor),
    price: priceText(m, r.price_minor, m.quoteScale),
    account_number: account,
    type: side === 'buy' ? ('in' as const) : ('out' as const),
    complete_number: baseText(m, r.filled_amount_minor),
    total_number: baseText(m, r.amount_minor),
    total_money: quoteText(m, mulDiv(r.price_minor, r.amount_minor, 10n ** BigInt(m.baseScale), 'up')),
    in_fee: side === 'buy' ? baseText(m, r.fee_minor) : '0',
    out_fee: side === 'sell' ? quoteText(m, r.fee_minor) : '0',
  };
}

/** One trade on the entrust page's completed list, seen by `userId`. */
export function entrustTradeRow(m: SpotMarket, t: TradeRow, userId: number, account: string) {
  const isMaker = t.maker_user_id === userId;
  const takerBuys = t.taker_side === 1;
  // Both sides can be this user only across different orders; show the taker's view then.
  const isMakerView = isMaker && t.taker_user_id !== userId;
  const isBuy = isMakerView ? !takerBuys : takerBuys;
  const myFee = isMakerView ? t.maker_fee_minor : t.taker_fee_minor;
  const time = formatExchangeTime(t.created_at);
  return {
    id: t.id,
    order_id: isMakerView ? t.maker_order_id : t.taker_order_id,
    create_time: time,
    time,
    legal_name: m.legalName,
    currency_name: m.currencyName,
    number: baseText(m, t.amount_minor),
    price: priceText(m, t.price_minor, m.quoteScale), // as on the open rows
    account_number: account,
    type: isBuy ? ('in' as const) : ('out' as const),
    complete_number: baseText(m, t.amount_minor),
    total_number: baseText(m, t.amount_minor),
    total_money: quoteText(m, t.quote_minor),
    in_fee: isBuy ? baseText(m, myFee) : '0',
    out_fee: isBuy ? '0' : quoteText(m, myFee),
  };
}

/** An entrust page: its rows and where it stands among `total`. */
export function entrustPage<T>(list: T[], page: number, total: number) {
  return { list, page, current_page: page, last_page: lastPage(total, ENTRUST_PAGE_SIZE), total };
}
