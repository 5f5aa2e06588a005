/**
 * What the spot engine works on: its commands, an order's state, a trade, what one committed batch
 * changed, and their mapping to and from the `spot_orders` / `spot_trades` rows.
 */
import type { AppError } from '../../lib/app-error';
import type { OrderSpec } from './engine/market-rules';
import type { TimeInForce } from './engine/time-in-force';
import type { Side } from './engine/types';
import type { SpotMarket } from './markets';
import type { OrderRow, TradeRow } from './repo';

export const SIDE_CODE = { buy: 1, sell: 2 } as const;
export const STATUS = { open: 1, filled: 2, cancelled: 3 } as const;

/** A place command, already validated against the market's rules (`parseOrder`, order-input.ts). */
export interface PlaceCommand {
  kind: 'place';
  userId: number;
  marketId: number;
  side: Side;
  orderType: 'limit' | 'market';
  /** Limit price; market orders: the price the client saw (kept on the order for reference). */
  price: bigint;
  /** Base amount asked for (limit and market orders alike). */
  amount: bigint;
  spec: OrderSpec;
  /** Absent: GTC. IOC and FOK never rest (engine/time-in-force.ts). */
  timeInForce?: TimeInForce;
  /** A limit order that may only rest: refused (`SPOT_POST_ONLY_WOULD_TRADE`) if it would trade at once. */
  postOnly?: boolean;
  clientOid: string | null;
  /** Time to record instead of the clock (the demo history seeder only). */
  atMs?: number;
}

export interface CancelCommand {
  kind: 'cancel';
  userId: number;
  orderId: number;
  /** Internal cancels (the demo bot) may skip the ownership check: never from a route. */
  atMs?: number;
}

export type Command = PlaceCommand | CancelCommand;

/** An order's state, open or just finished. The one shape for memory, rows and replies. */
export interface OrderState {
  id: number;
  userId: number;
  marketId: number;
  side: Side;
  orderType: 'limit' | 'market';
  price: bigint;
  priceTicks: number;
  amount: bigint;
  filledAmount: bigint;
  filledQuote: bigint;
  fee: bigint;
  held: bigint;
  status: number;
  cancelReason: string | null;
  clientOid: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface TradeRecord {
  id: number;
  marketId: number;
  price: bigint;
  amount: bigint;
  quote: bigint;
  takerSide: Side;
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  makerFee: bigint;
  takerFee: bigint;
  at: number;
}

export type CommandResult = { ok: true; order: OrderState } | { ok: false; error: AppError };

/** What one committed batch changed in one market: handed to the publisher. */
export interface MarketChange {
  marketId: number;
  trades: TradeRecord[];
  isBookChanged: boolean;
  /** Orders whose state changed (for their owners' order lists). */
  orders: OrderState[];
  /** Of those, the ones this batch placed (the others existed before it). */
  newOrderIds: number[];
}

export function orderFromRow(row: OrderRow, m: SpotMarket): OrderState {
  return {
    id: row.id,
    userId: row.user_id,
    marketId: row.market_id,
    side: row.side === 1 ? 'buy' : 'sell',
    orderType: row.kind === 1 ? 'market' : 'limit',
    price: row.price_minor,
    priceTicks: row.kind === 1 ? 0 : Number(row.price_minor / m.rules.priceTick),
    amount: row.amount_minor,
    filledAmount: row.filled_amount_minor,
    filledQuote: row.filled_quote_minor,
    fee: row.fee_minor,
    held: row.held_minor,
    status: row.status,
    cancelReason: row.cancel_reason,
    clientOid: row.client_oid,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function orderToRow(o: OrderState): OrderRow {
  return {
    id: o.id,
    user_id: o.userId,
    market_id: o.marketId,
    side: SIDE_CODE[o.side],
    kind: o.orderType === 'market' ? 1 : 0,
    price_minor: o.price,
    amount_minor: o.amount,
    filled_amount_minor: o.filledAmount,
    filled_quote_minor: o.filledQuote,
    fee_minor: o.fee,
    held_minor: o.held,
    status: o.status,
    cancel_reason: o.cancelReason,
    client_oid: o.clientOid,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  };
}

export function tradeFromRow(r: TradeRow): TradeRecord {
  return {
    id: r.id,
    marketId: r.market_id,
    price: r.price_minor,
    amount: r.amount_minor,
    quote: r.quote_minor,
    takerSide: r.taker_side === 1 ? 'buy' : 'sell',
    makerOrderId: r.maker_order_id,
    takerOrderId: r.taker_order_id,
    makerUserId: r.maker_user_id,
    takerUserId: r.taker_user_id,
    makerFee: r.maker_fee_minor,
    takerFee: r.taker_fee_minor,
    at: r.created_at,
  };
}

export function tradeToRow(t: TradeRecord): TradeRow {
  return {
    id: t.id,
    market_id: t.marketId,
    price_minor: t.price,
    amount_minor: t.amount,
    quote_minor: t.quote,
    taker_side: SIDE_CODE[t.takerSide],
    maker_order_id: t.makerOrderId,
    taker_order_id: t.takerOrderId,
    maker_user_id: t.makerUserId,
    taker_user_id: t.takerUserId,
    maker_fee_minor: t.makerFee,
    taker_fee_minor: t.takerFee,
    created_at: t.at,
  };
}
