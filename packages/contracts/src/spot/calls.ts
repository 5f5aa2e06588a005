/**
 * Spot trading: the deal centre, placing and cancelling
 * orders, my orders, candles, the 24 h summary and the entrust page. Prices and amounts travel as decimal
 * strings (numbers accepted on input, as existing clients send them) and leave as strings.
 *
 * Market orders (`order_type: 'market'`) buy or sell exactly `amount` base units while liquidity lasts
 * within the market-order protection band (`market_band_bps` of the deal reply): a buy trades at most at
 * the best ask x (1 + band) and holds amount x that price while it matches, a sell trades at least at the
 * best bid x (1 - band). What lies beyond the band is cancelled (`cancel_reason` PRICE_BAND) and what was
 * held but not spent is released at once. `target_price` (default: the last trade price) is kept on the
 * order for reference. Market orders never rest. Existing clients that send no `order_type` place a
 * limit order at `target_price` (their "market" tab sends the last price), which is what they expect.
 */
import { z } from 'zod';
import { intish } from '../wire';
import { defineCall } from '../call';
import { decimalWire } from '../money';
import { clientIdField } from '../idempotency';

/** An id that may arrive as '3', 3 or not at all. */
const optionalId = intish((n) => n.positive().optional());
/** Decimal input: kept raw here; the service parses it with the market's scales (clear SPOT_* errors). */
const decimalInput = z.union([z.string().max(64), z.number()]).optional();

// ---- deal centre --------------------------------------------------------------------------------

export const BookLevel = z.object({ price: decimalWire, number: decimalWire });
export const RecentTrade = z.object({
  id: z.number().int(),
  create_time: z.string(),
  /** The same `YYYY-MM-DD HH:MM:SS` (Asia/Shanghai) as `create_time`: clients show its last 8 characters. */
  time: z.string(),
  price: decimalWire,
  number: decimalWire,
  /** Side of the taker: 'buy' or 'sell'. */
  direction: z.enum(['buy', 'sell']),
  /** The same side as a number, which clients of this API family colour the row by: 1 buy, 2 sell. */
  way: z.union([z.literal(1), z.literal(2)]),
});

export const DealCall = defineCall({
  method: 'POST',
  path: '/api/transaction/deal',
  auth: 'optional',
  summary: 'Deal centre: last price, order book (in = bids, out = asks) and the latest trades of a market',
  input: z.object({ legal_id: optionalId, currency_id: optionalId }),
  reply: z.object({
    match_id: z.number().int(),
    legal_id: z.number().int(),
    currency_id: z.number().int(),
    legal_name: z.string(),
    currency_name: z.string(),
    symbol: z.string(),
    last_price: decimalWire,
    /** CNY value of one base unit at the last price (2 decimals). */
    user_cny: decimalWire,
    /** Bids, best (highest) first. */
    in: z.array(BookLevel),
    /** Asks, highest price first: the best (lowest) ask is the last row, next to the last price. */
    out: z.array(BookLevel),
    complete: z.array(RecentTrade),
    price_decimals: z.number().int(),
    amount_decimals: z.number().int(),
    /** The market's rules, for client-side hints. */
    price_tick: decimalWire,
    amount_step: decimalWire,
    min_amount: decimalWire,
    min_notional: decimalWire,
    maker_fee_bps: z.number().int(),
    taker_fee_bps: z.number().int(),
    open_coin_trade: z.number().int(),
    /** Market-order protection band, basis points of the best opposite price (500 = 5 %). */
    market_band_bps: z.number().int(),
    /** The trade panel asks for confirmation of a limit price this far from the last price (basis points). */
    price_warn_bps: z.number().int(),
  }),
});

// ---- orders ------------------------------------------------------------------------------------

export const SpotOrderWire = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  legal_id: z.number().int(),
  currency_id: z.number().int(),
  symbol: z.string(),
  /** 1 buy, 2 sell. */
  type: z.number().int(),
  order_type: z.enum(['limit', 'market']),
  /**
   * 1 open (resting, maybe partly filled), 2 filled, 3 cancelled (with or without fills: see `state` and
   * `deal_amount`). Clients of this API family label rows by status alone, so a cancel is never a 2.
   */
  status: z.number().int(),
  state: z.enum(['open', 'partial', 'filled', 'cancelled']),
  /** The limit price (market orders: the price the client saw, or the last price). */
  target_price: decimalWire,
  /** The amount asked for (base). */
  trade_amount: decimalWire,
  /** Filled so far (base). */
  deal_amount: decimalWire,
  /** Average fill price ('0' before the first fill). */
  trade_price: decimalWire,
  /** Quote value filled. */
  deal_money: decimalWire,
  /** Fees paid, in the currency received (base for a buy, quote for a sell). */
  fee: decimalWire,
  fee_currency: z.string(),
  /**
   * USER, SELF_TRADE, MARKET_REMAINDER, BOOK_FULL, PRICE_BAND (a market order's protection band);
   * IOC_REMAINDER, FOK_NOT_FILLED for orders placed with a time in force by code in the server.
   */
  cancel_reason: z.string().nullable(),
  /** The market's display decimals (amounts are sent with every decimal of the base scale). */
  amount_decimals: z.number().int(),
  price_decimals: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  client_id: z.string().nullable(),
});
export type SpotOrderWire = z.infer<typeof SpotOrderWire>;

/**
 * The reply of placing and cancelling on `/api/coin/trade`: clients of this API family toast `message`,
 * so it is a translated sentence; the order itself travels in `order`.
 */
export const OrderActionReply = z.object({
  type: z.literal('ok'),
  message: z.string(),
  order: SpotOrderWire,
});
export type OrderActionReply = z.infer<typeof OrderActionReply>;

export const PlaceOrderCall = defineCall({
  method: 'POST',
  path: '/api/coin/trade',
  auth: 'user',
  guard: 'trade',
  summary:
    'Place a spot order: type 1 buy / 2 sell; order_type limit (default) or market (see the module doc for market buys)',
  input: z.object({
    legal_id: optionalId,
    currency_id: optionalId,
    /** Alternative to legal_id + currency_id. */
    match_id: optionalId,
    target_price: decimalInput,
    amount: decimalInput,
    type: intish((n) => n.optional()),
    order_type: z.enum(['limit', 'market']).optional(),
    /**
     * A market buy by what it spends, instead of `amount` ("spend 100 USDT"): whole lots are bought, best
     * prices first within the band, until the rest buys less than a lot; what was not spent stays available.
     */
    quote_amount: decimalInput,
    client_id: clientIdField,
  }),
  envelope: false,
  reply: OrderActionReply,
});

export const CancelOrderCall = defineCall({
  method: 'PUT',
  path: '/api/coin/trade',
  auth: 'user',
  summary: 'Cancel one of my open spot orders; its held funds return to my spot wallet',
  input: z.object({ id: optionalId }),
  envelope: false,
  reply: OrderActionReply,
});

export const CoinListCall = defineCall({
  method: 'GET',
  path: '/api/coin/list',
  auth: 'user',
  summary:
    'My spot orders. No parameters (existing clients lose them): every open order, then the latest done ones',
  input: z.object({
    /** 1 open only, 2 done only; absent: open then done. */
    status: intish((n) => n.optional()),
    /** 1 buy, 2 sell; absent: both. */
    type: intish((n) => n.optional()),
    match_id: optionalId,
    legal_id: optionalId,
    currency_id: optionalId,
    /** The base currency id under the name some pages send (same as `currency_id`). */
    currency: optionalId,
    page: intish((n) => n.positive().optional()),
    limit: intish((n) => n.positive().optional()),
  }),
  reply: z.array(SpotOrderWire),
});

// ---- candles and the 24 h summary ---------------------------------------------------------------

export const KLINE_PERIODS = ['1min', '5min', '15min', '30min', '60min', '1D', '1W', '1M'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

export const Candle = z.object({
  /** Bar start, ms. */
  time: z.number().int(),
  open: decimalWire,
  high: decimalWire,
  low: decimalWire,
  close: decimalWire,
  volume: decimalWire,
});

export const KlineCall = defineCall({
  method: 'GET',
  path: '/api/currency/new_timeshar',
  auth: 'none',
  envelope: false,
  summary:
    'Candles: from/to in unix seconds, symbol BTC/USDT, period 1min 5min 15min 30min 60min 1D 1W 1M (Asia/Shanghai days)',
  input: z.object({
    // Checked by the service, so a bad range still gets this call's own reply ({code: -1, data: []}).
    from: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.union([z.number(), z.string().max(40)]).optional(),
    ),
    to: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.union([z.number(), z.string().max(40)]).optional(),
    ),
    symbol: z.string().max(40).optional(),
    period: z.string().max(16).optional(),
  }),
  reply: z.object({ code: z.number().int(), data: z.array(Candle), message: z.string().optional() }),
});

export const GetCurrentCall = defineCall({
  method: 'POST',
  path: '/api/market/get_current',
  auth: 'none',
  summary: '24 h summary of a market: base_currency / quote_currency by name (BTC, USDT) or id',
  input: z.object({
    base_currency: z.union([z.string().max(20), z.number()]).optional(),
    quote_currency: z.union([z.string().max(20), z.number()]).optional(),
    period: z.string().max(16).optional(),
  }),
  reply: z.object({
    symbol: z.string(),
    open: decimalWire,
    close: decimalWire,
    high: decimalWire,
    low: decimalWire,
    vol: decimalWire,
    /** Quote volume. */
    amount: decimalWire,
    change: z.string(),
  }),
});

// ---- entrust page -----------------------------------------------------------------------------------

export const EntrustRow = z.object({
  id: z.number().int(),
  /** Order id (trade rows: my order in the trade). */
  order_id: z.number().int(),
  create_time: z.string(),
  time: z.string(),
  legal_name: z.string(),
  currency_name: z.string(),
  /** Open rows: the amount still open; completed rows: the amount traded. */
  number: decimalWire,
  price: decimalWire,
  account_number: z.string(),
  /** 'in' buy, 'out' sell. */
  type: z.enum(['in', 'out']),
  complete_number: decimalWire,
  total_number: decimalWire,
  total_money: decimalWire,
  in_fee: decimalWire,
  out_fee: decimalWire,
});

export const EntrustPage = z.object({
  list: z.array(EntrustRow),
  page: z.number().int(),
  /** The same as `page`, under the name the API family's paginated lists use. */
  current_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
});

const pageInput = z.object({
  page: intish((n) => n.positive().optional()),
});

export const EntrustBuyingCall = defineCall({
  method: 'POST',
  path: '/api/transaction_in',
  auth: 'user',
  summary: 'Entrust page, buying tab: my open buy orders, newest first, 10 a page',
  input: pageInput,
  reply: EntrustPage,
});
export const EntrustSellingCall = defineCall({
  method: 'POST',
  path: '/api/transaction_out',
  auth: 'user',
  summary: 'Entrust page, selling tab: my open sell orders, newest first, 10 a page',
  input: pageInput,
  reply: EntrustPage,
});
export const EntrustCompletedCall = defineCall({
  method: 'POST',
  path: '/api/transaction_complete',
  auth: 'user',
  summary: 'Entrust page, completed tab: my trades, newest first, 10 a page',
  input: pageInput,
  reply: EntrustPage,
});
export const EntrustRevokeCall = defineCall({
  method: 'POST',
  path: '/api/transaction_del',
  auth: 'user',
  summary: 'Entrust page: revoke (cancel) one of my open orders; `type` (in / out) is accepted and ignored',
  input: z.object({ id: optionalId, type: z.union([z.string().max(10), z.number()]).optional() }),
  reply: SpotOrderWire,
});

/** The entrust tab a value names: 'in' / 'buy' / 1, 'out' / 'sell' / 2, 'complete' / 'completed' / 3. */
const ENTRUST_TAB_OF: Record<string, 'in' | 'out' | 'complete'> = {
  in: 'in',
  buy: 'in',
  '1': 'in',
  out: 'out',
  sell: 'out',
  '2': 'out',
  complete: 'complete',
  completed: 'complete',
  '3': 'complete',
};
/** Absent means the selling tab, the one clients of this API family ask for. Other values are refused. */
const entrustTab = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string' && typeof v !== 'number') return v;
    return ENTRUST_TAB_OF[String(v).trim().toLowerCase()] ?? v;
  },
  z.enum(['in', 'out', 'complete']).default('out'),
);

export const EntrustListCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/transaction/entrust',
  auth: 'user',
  summary:
    'Entrust page in one call: `type` in (my open buy orders), out (my open sell orders, the default) or ' +
    'complete (my trades), newest first, 10 a page, as `data[]`. Whose orders is the session’s: an ' +
    '`address` sent by older clients is ignored',
  input: z.object({
    type: entrustTab,
    page: intish((n) => n.min(1).max(100_000).catch(1)),
    /** Sent by older clients; never read (a wallet address or user id proves nothing). */
    address: z.unknown().optional(),
  }),
  reply: z.object({
    /** The rows, in the shape of the three tab calls' `list`. */
    data: z.array(EntrustRow),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const ENTRUST_PAGE_SIZE = 10;
