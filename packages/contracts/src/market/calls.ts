/**
 * Market read side: quotation groups, coin lists,
 * currencies and per-user favourite markets. Prices and amounts leave as decimal strings; `change` is a
 * percent string with two decimals that starts with '+' when positive.
 */
import { z } from 'zod';
import { intish } from '../wire';
import { defineCall } from '../call';
import { decimalWire } from '../money';

/** '+1.25', '-0.40', '0.00'. */
export const percentWire = z.string().regex(/^[+-]?\d+\.\d{2}$/);

export const QuotationItem = z.object({
  /** The market id, sent back as `match_id` by trade calls. */
  id: z.number().int(),
  legal_id: z.number().int(),
  legal_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** 'BTC/USDT'. */
  symbol: z.string(),
  now_price: decimalWire,
  change: percentWire,
  volume: decimalWire,
  high: decimalWire,
  low: decimalWire,
  is_display: z.number().int(),
  open_coin_trade: z.number().int(),
  open_lever: z.number().int(),
  open_microtrade: z.number().int(),
  /** Leverage contract terms (lot size, fee % and spread); the lever area owns their values. */
  lever_share_num: decimalWire,
  lever_trade_fee: decimalWire,
  spread: decimalWire,
  /**
   * CNY per one unit of the quote currency (the group's `fiat_convert_cny`, e.g. `6.9641` for USDT), not
   * the CNY price of the coin: the CNY value of one coin is `now_price × rmb_relation`.
   */
  rmb_relation: decimalWire,
  /** In the logged-in user's favourites; always false for visitors. */
  added: z.boolean(),
  price_decimals: z.number().int(),
  amount_decimals: z.number().int(),
});
export type QuotationItem = z.infer<typeof QuotationItem>;

export const QuotationGroup = z.object({
  /** The quote (legal) currency id. */
  id: z.number().int(),
  name: z.string(),
  /** CNY per 1 unit of the quote currency. */
  fiat_convert_cny: decimalWire,
  rmb_relation: decimalWire,
  quotation: z.array(QuotationItem),
});
export type QuotationGroup = z.infer<typeof QuotationGroup>;

export const QuotationNewCall = defineCall({
  method: 'GET',
  path: '/api/currency/quotation_new',
  auth: 'optional',
  summary:
    'Displayed markets grouped by quote currency, with 24 h stats; `added` marks the caller’s favourites',
  input: z.object({}),
  reply: z.array(QuotationGroup),
});

export const CoinListItem = z.object({
  id: z.number().int(),
  /** The base currency, e.g. BTC. */
  name: z.string(),
  symbol: z.string(),
  legal_id: z.number().int(),
  legal_name: z.string(),
  currency_id: z.number().int(),
  last_price: decimalWire,
  /** 24 h change percent, as `change`. */
  proportion: percentWire,
});
export const CoinListReply = z.object({ coin_list: z.array(CoinListItem) });

export const CoinQuotationNewCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/quotation_new',
  auth: 'none',
  summary: 'Flat list of displayed markets with last price and change',
  input: z.object({}),
  reply: CoinListReply,
});

export const CoinQuotationCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/quotation',
  auth: 'none',
  summary: 'Flat list of displayed markets (older form of /api/quotation_new)',
  input: z.object({}),
  reply: CoinListReply,
});

export const CurrencyListCall = defineCall({
  method: 'GET',
  path: '/api/currency/list',
  auth: 'none',
  summary: 'Quote (legal) currencies and every displayed currency',
  input: z.object({}),
  reply: z.object({
    legal: z.array(z.object({ id: z.number().int(), name: z.string() })),
    currency: z.array(z.object({ id: z.number().int(), name: z.string(), full_name: z.string() })),
  }),
});

export const CurrencyDetailCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/currency/detail',
  auth: 'none',
  summary: 'One currency: name and description',
  input: z.object({ id: intish((n) => n.min(1)) }),
  reply: z.object({ id: z.number().int(), name: z.string(), full_name: z.string(), desc: z.string() }),
});

/** At most this many favourite markets per user. */
export const FAVOURITES_MAX = 200;

export const FavouriteListCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/user_match/list',
  auth: 'user',
  summary: 'The caller’s favourite markets, as quotation items',
  input: z.object({}),
  reply: z.object({ data: z.array(QuotationItem) }),
});

export const FavouriteAddCall = defineCall({
  method: 'POST',
  path: '/api/user_match/add',
  auth: 'user',
  summary: 'Add a market (`id` = match id) to the caller’s favourites; adding twice is harmless',
  input: z.object({ id: intish((n) => n.min(1)) }),
  reply: z.string(),
});

export const FavouriteDelCall = defineCall({
  method: 'POST',
  path: '/api/user_match/del',
  auth: 'user',
  summary: 'Remove a market (`id` = match id) from the caller’s favourites; removing twice is harmless',
  input: z.object({ id: intish((n) => n.min(1)) }),
  reply: z.string(),
});

/**
 * Operator call (admin role): sets a market's reference price, the price the home page and valuation use
 * until spot trades set the last price. It also feeds the ticker, so a `daymarket` event goes out.
 * The browser test of live updates drives the page through it; it is an ordinary admin action, not a
 * test backdoor, and visitors or plain users are refused.
 */
export const AdminReferencePriceCall = defineCall({
  method: 'POST',
  path: '/api/admin/market/reference_price',
  auth: 'admin',
  summary: 'Set a market’s reference price (admin); updates the ticker and pushes `daymarket`',
  input: z.object({ id: intish((n) => n.min(1)), price: z.union([z.string(), z.number()]) }),
  reply: QuotationItem,
});
