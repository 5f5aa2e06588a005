/**
 * socket.io events. Every server payload is an object whose `type` equals the event
 * name. Market events go to everyone; per-user events go to the user's room (`user:<id>`), joined only
 * after the socket's `login` emit presents a valid session token.
 */
import type { NotificationEvent } from './notifications/calls';

export const SOCKET_PATH = '/wss/';
/** socket.io's default path, the only one clients of this API family can use; served as well. */
export const LEGACY_SOCKET_PATH = '/socket.io/';

export interface DayMarketEvent {
  type: 'daymarket';
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  symbol: string;
  now_price: string;
  change: string;
  volume: string;
  high: string;
  low: string;
}
export interface MarketDepthEvent {
  type: 'market_depth';
  symbol: string;
  legal_id: number;
  currency_id: number;
  token: string;
  last_price: string;
  proportion: string;
  /** The price the 24 h change (`proportion`) is measured against: the first price of the last 24 h. */
  yesterday: string;
  /** The current price (the last committed trade), beside `yesterday` for clients that compute change. */
  today: string;
  bids: [string, string][];
  asks: [string, string][];
}
export interface KlineEvent {
  type: 'kline';
  symbol: string;
  period: string;
  match_id: number;
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  /** Bar start, ms. */
  time: number;
}
export interface MatchTradeEvent {
  type: 'match_trade';
  symbol: string;
  legal_id: number;
  currency_id: number;
  data: { ts: number; price: string; amount: string; direction: 'buy' | 'sell' }[];
}
export interface TransactionEvent {
  type: 'transaction';
  token: string;
  /** JSON string of the 24 h ticker, as existing clients parse it. */
  '24h': string;
}
export interface MicroClosedEvent {
  type: 'micro_closed';
  data: Record<string, unknown>;
}
export interface LeverTradeEvent {
  type: 'lever_trade';
  legal_id: number;
  hazard_rate: string;
  profits_all: string;
  profits: string;
  trades_all: string;
  trades_entrust: unknown[];
}
export interface LeverClosedEvent {
  type: 'lever_closed';
  id: number[];
}

/** A user's spot orders changed (placed, filled, cancelled), to that user only: reload the lists. */
export interface SpotOrderEvent {
  type: 'spot_order';
  /** `status` 1 open / 2 done; `state` open, partial, filled or cancelled; `type` 1 buy / 2 sell. */
  data: { id: number; match_id: number; type: number; status: number; state: string }[];
}

export interface MarketEvents {
  daymarket: DayMarketEvent;
  market_depth: MarketDepthEvent;
  kline: KlineEvent;
  match_trade: MatchTradeEvent;
  transaction: TransactionEvent;
}
/** A C2C deal the user is a party to changed state (both parties get it); clients reload the deal. */
export interface C2cDealEvent {
  type: 'c2c_deal';
  id: number;
  /** The deal's new `is_sure` (0 waiting, 3 paid, 1 done, 2 cancelled, 4 under appeal). */
  is_sure: number;
}
/** A chat message on a deal the user is a party to (both parties get it; contracts/p2p/chat-calls.ts). */
export interface C2cMessageEvent {
  type: 'c2c_message';
  deal_id: number;
  id: number;
  from: 'buyer' | 'seller';
  text: string;
  created_at: number;
}
export interface UserEvents {
  /** A new notification (modules/notifications), to every session of its user. */
  notification: NotificationEvent;
  micro_closed: MicroClosedEvent;
  lever_trade: LeverTradeEvent;
  lever_closed: LeverClosedEvent;
  spot_order: SpotOrderEvent;
  c2c_deal: C2cDealEvent;
  c2c_message: C2cMessageEvent;
}
export type ServerEvents = MarketEvents & UserEvents;
export type ServerEventName = keyof ServerEvents;

/**
 * The `login` emit: `{ token }` (ours) or a bare user id (old clients), which joins the user's room only
 * when the socket's handshake carried that user's session cookie (set at login).
 */
export type LoginEmit = { token: string } | string | number;
