/**
 * Binance's shapes of Oryx's markets, orders and trades: decimals as strings with every decimal of the
 * currency's scale, times in ms, statuses in Binance's words. Pure (no I/O). Shared by the streams here
 * and the REST side (`modules/binance`), which sits above this area.
 */
import { formatMinor } from '@oryx/contracts/money';
import type { SpotMarket } from '../spot/markets';
import type { OrderRow, TradeRow } from '../spot/repo';
import { binanceSymbol } from './symbols';

/** 'BTCUSDT': the base and quote names, as Binance writes a symbol (one rule with the streams). */
export { binanceSymbol };

export const price = (m: SpotMarket, v: bigint) => formatMinor(v, m.quoteScale);
export const qty = (m: SpotMarket, v: bigint) => formatMinor(v, m.baseScale);
export const quote = (m: SpotMarket, v: bigint) => formatMinor(v, m.quoteScale);

export type BinanceStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED' | 'REJECTED';

/**
 * An order's status: open (1) NEW or PARTIALLY_FILLED, filled (2) FILLED, cancelled (3) CANCELED when its
 * owner cancelled it, EXPIRED when the engine ended it (a market order's rest, the price band,
 * self-trade prevention, a full book). REJECTED never occurs: a refused order leaves no order behind.
 */
export function statusOf(
  r: Pick<OrderRow, 'status' | 'filled_amount_minor' | 'cancel_reason'>,
): BinanceStatus {
  if (r.status === 1) return r.filled_amount_minor > 0n ? 'PARTIALLY_FILLED' : 'NEW';
  if (r.status === 2) return 'FILLED';
  return r.cancel_reason === 'USER' || r.cancel_reason === null ? 'CANCELED' : 'EXPIRED';
}

const sideOf = (r: Pick<OrderRow, 'side'>) => (r.side === 1 ? 'BUY' : 'SELL');
const typeOf = (r: Pick<OrderRow, 'kind'>) => (r.kind === 1 ? 'MARKET' : 'LIMIT');

/** The order as `GET /api/v3/order`, `allOrders` and `openOrders` answer it. */
export function orderOut(m: SpotMarket, r: OrderRow) {
  const isMarket = r.kind === 1;
  // A market buy by quote amount asks for no base amount: its asked quantity is what it bought.
  const origQty = r.amount_minor === 0n ? r.filled_amount_minor : r.amount_minor;
  return {
    symbol: binanceSymbol(m),
    orderId: r.id,
    orderListId: -1,
    clientOrderId: r.client_oid ?? '',
    price: isMarket ? price(m, 0n) : price(m, r.price_minor),
    origQty: qty(m, origQty),
    executedQty: qty(m, r.filled_amount_minor),
    cummulativeQuoteQty: quote(m, r.filled_quote_minor),
    status: statusOf(r),
    timeInForce: 'GTC',
    type: typeOf(r),
    side: sideOf(r),
    stopPrice: price(m, 0n),
    icebergQty: qty(m, 0n),
    time: r.created_at,
    updateTime: r.updated_at,
    isWorking: r.status === 1,
    workingTime: r.created_at,
    origQuoteOrderQty: quote(m, 0n),
    selfTradePreventionMode: 'EXPIRE_TAKER',
  };
}

/** One fill of a FULL new-order reply (the order was the taker of every trade at placement). */
export function fillOut(m: SpotMarket, t: TradeRow, orderId: number) {
  const isTaker = t.taker_order_id === orderId;
  const isBuyer = isTaker ? t.taker_side === 1 : t.taker_side !== 1;
  return {
    price: price(m, t.price_minor),
    qty: qty(m, t.amount_minor),
    commission: isBuyer
      ? qty(m, isTaker ? t.taker_fee_minor : t.maker_fee_minor)
      : quote(m, isTaker ? t.taker_fee_minor : t.maker_fee_minor),
    commissionAsset: isBuyer ? m.currencyName : m.legalName,
    tradeId: t.id,
  };
}

/** One of the user's trades (`myTrades`). */
export function myTradeOut(m: SpotMarket, t: TradeRow, userId: number) {
  const isMaker = t.maker_user_id === userId;
  const orderId = isMaker ? t.maker_order_id : t.taker_order_id;
  const f = fillOut(m, t, orderId);
  return {
    symbol: binanceSymbol(m),
    id: t.id,
    orderId,
    orderListId: -1,
    price: f.price,
    qty: f.qty,
    quoteQty: quote(m, t.quote_minor),
    commission: f.commission,
    commissionAsset: f.commissionAsset,
    time: t.created_at,
    isBuyer: f.commissionAsset === m.currencyName,
    isMaker,
    isBestMatch: true,
  };
}

/** A public trade (`trades`). `isBuyerMaker`: the taker sold. */
export function tradeOut(m: SpotMarket, t: TradeRow) {
  return {
    id: t.id,
    price: price(m, t.price_minor),
    qty: qty(m, t.amount_minor),
    quoteQty: quote(m, t.quote_minor),
    time: t.created_at,
    isBuyerMaker: t.taker_side === 2,
    isBestMatch: true,
  };
}

/** A trade as `aggTrades` answers it: Oryx does not aggregate, so each trade is its own (first = last). */
export function aggTradeOut(m: SpotMarket, t: TradeRow) {
  return {
    a: t.id,
    p: price(m, t.price_minor),
    q: qty(m, t.amount_minor),
    f: t.id,
    l: t.id,
    T: t.created_at,
    m: t.taker_side === 2,
    M: true,
  };
}
