/**
 * A place call's input read against one market's rules: `parseOrder` turns the raw fields (side code,
 * order type, decimal price and amount) into a validated order in money and engine units, or the
 * refusal that says what is wrong (with the tick, step or minimum in the market's own terms).
 */
import { MoneyError, formatMinorPlain, mulDiv, parseDecimal } from '@oryx/contracts/money';
import { AppError } from '../../lib/app-error';
import type { MarketRules, OrderRequest, OrderSpec, SpotRuleCode } from './engine/market-rules';
import type { TimeInForce, TimeInForceOptions } from './engine/time-in-force';
import type { Side } from './engine/types';

/** The place call's order fields, as the client sent them. */
export interface OrderInput {
  target_price?: string | number;
  amount?: string | number;
  type?: number;
  order_type?: 'limit' | 'market';
  /** A market buy by what it spends ("spend 100 USDT"), instead of `amount`. */
  quote_amount?: string | number;
  /**
   * Internal options (not on the wire of `POST /api/coin/trade`; API adapters set them): a limit order
   * GTC (absent: the default), IOC or FOK; a market order IOC (what it always is) or FOK (by base amount).
   */
  timeInForce?: TimeInForce;
  /** A limit order that may only rest (a maker); GTC only. */
  postOnly?: boolean;
}

/** What `parseOrder` needs of a market: its rules and the names its refusals show. */
export interface OrderMarketTerms {
  rules: MarketRules;
  baseScale: number;
  quoteScale: number;
  legalName: string;
}

/** A validated order: what the place command carries besides user, market and client id. */
export interface ValidOrder {
  side: Side;
  orderType: 'limit' | 'market';
  /** Limit price; market orders: the price the client saw (or the last price), kept for reference. */
  price: bigint;
  /** Base amount asked for (limit and market orders alike); 0 for a market buy by quote amount. */
  amount: bigint;
  spec: OrderSpec;
  /** Only when not the default (GTC, not post-only): see `placeWithTimeInForce`. */
  timeInForce?: TimeInForce;
  postOnly?: boolean;
}

export type ParsedOrder = { ok: true; order: ValidOrder } | { ok: false; refusal: AppError };

/**
 * Reads a place call's order against the market's rules. `lastPriceMinor` stands in for a market
 * order's missing price. A market order, buy or sell, is for `amount` base units; the matching gives it
 * its protection price (see matching.ts), and a market buy must be worth the minimum notional at the
 * price the client saw. A market buy may instead name `quote_amount`, what it spends: it buys whole lots
 * until that is spent (or the band or the book ends it), and what it did not spend is never held.
 */
export function parseOrder(input: OrderInput, m: OrderMarketTerms, lastPriceMinor: bigint): ParsedOrder {
  try {
    const order = readOrder(input, m, lastPriceMinor);
    return { ok: true, order: { ...order, ...readTimeInForce(input, order) } };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, refusal: err };
    throw err;
  }
}

function readOrder(input: OrderInput, m: OrderMarketTerms, lastPriceMinor: bigint): ValidOrder {
  if (input.type !== 1 && input.type !== 2) throw new AppError('SPOT_TYPE_INVALID');
  const side: Side = input.type === 1 ? 'buy' : 'sell';
  const orderType = input.order_type ?? 'limit';
  if (input.quote_amount !== undefined && input.quote_amount !== '')
    return readQuoteOrder(input, m, side, lastPriceMinor);
  const amount = parseField(input.amount, m.baseScale, 'AMOUNT');
  const price =
    orderType === 'market' && (input.target_price === undefined || input.target_price === '')
      ? lastPriceMinor
      : parseField(input.target_price, m.quoteScale, 'PRICE');
  const req: OrderRequest =
    orderType === 'limit'
      ? { type: 'limit', side, price, amount }
      : { type: 'market', side, by: 'base', amount };
  const spec = m.rules.validateOrder(req);
  if (!spec.ok) throw ruleRefusal(m, spec.code);
  if (
    orderType === 'market' &&
    side === 'buy' &&
    mulDiv(price, amount, 10n ** BigInt(m.baseScale), 'down') < m.rules.minNotional
  )
    throw ruleRefusal(m, 'SPOT_NOTIONAL_MIN');
  return { side, orderType, price, amount, spec: spec.value };
}

/** A market buy by quote amount: `quote_amount` alone says what it spends at most. */
function readQuoteOrder(
  input: OrderInput,
  m: OrderMarketTerms,
  side: Side,
  lastPriceMinor: bigint,
): ValidOrder {
  if (input.order_type !== 'market' || side !== 'buy')
    throw new AppError('VALIDATION', {
      detail: 'quote_amount is for a market buy (type 1, order_type market)',
    });
  if (input.amount !== undefined && input.amount !== '')
    throw new AppError('VALIDATION', { detail: 'send amount or quote_amount, not both' });
  const quote = parseField(input.quote_amount, m.quoteScale, 'AMOUNT');
  const spec = m.rules.validateOrder({ type: 'market', side, by: 'quote', quote });
  if (!spec.ok) throw ruleRefusal(m, spec.code);
  const price =
    input.target_price === undefined || input.target_price === ''
      ? lastPriceMinor
      : parseField(input.target_price, m.quoteScale, 'PRICE');
  return { side, orderType: 'market', price, amount: 0n, spec: spec.value };
}

const TIME_IN_FORCE: readonly TimeInForce[] = ['GTC', 'IOC', 'FOK'];

/** The internal time-in-force options, checked against the order they go with. */
function readTimeInForce(input: OrderInput, order: ValidOrder): TimeInForceOptions {
  const refuse = (detail: string) => new AppError('VALIDATION', { detail });
  const tif = input.timeInForce;
  if (tif !== undefined && !TIME_IN_FORCE.includes(tif)) throw refuse('timeInForce is GTC, IOC or FOK');
  if (input.postOnly !== undefined && typeof input.postOnly !== 'boolean')
    throw refuse('postOnly is true or false');
  const isPostOnly = input.postOnly === true;
  if (order.orderType === 'market') {
    if (isPostOnly) throw refuse('post-only is for limit orders');
    if (tif === 'GTC') throw refuse('a market order is immediate or cancel: GTC is for limit orders');
    if (tif === 'FOK' && order.spec.type === 'market' && order.spec.by === 'quote')
      throw refuse('fill or kill needs an amount, not quote_amount');
  }
  if (isPostOnly && tif !== undefined && tif !== 'GTC') throw refuse('post-only orders are GTC');
  return {
    ...(tif === 'IOC' || tif === 'FOK' ? { timeInForce: tif } : {}),
    ...(isPostOnly ? { postOnly: true } : {}),
  };
}

/** A rule's refusal with the market's tick, step or minimum it broke. */
function ruleRefusal(m: OrderMarketTerms, code: SpotRuleCode): AppError {
  const r = m.rules;
  if (code === 'SPOT_PRICE_TICK')
    return new AppError(code, { tick: formatMinorPlain(r.priceTick, m.quoteScale) });
  if (code === 'SPOT_AMOUNT_STEP')
    return new AppError(code, { step: formatMinorPlain(r.amountStep, m.baseScale) });
  if (code === 'SPOT_AMOUNT_MIN')
    return new AppError(code, { min: formatMinorPlain(r.minAmount, m.baseScale) });
  if (code === 'SPOT_NOTIONAL_MIN')
    return new AppError(code, { min: `${formatMinorPlain(r.minNotional, m.quoteScale)} ${m.legalName}` });
  return new AppError(code, {});
}

function parseField(raw: unknown, scale: number, what: 'PRICE' | 'AMOUNT'): bigint {
  try {
    return parseDecimal(raw, scale);
  } catch (err) {
    if (!(err instanceof MoneyError)) throw err;
    if (err.code === 'MONEY_EMPTY') throw new AppError(`SPOT_${what}_REQUIRED`);
    if (err.code === 'MONEY_TOO_MANY_DECIMALS')
      throw new AppError(`SPOT_${what}_TOO_MANY_DECIMALS`, { max: scale });
    if (err.code === 'MONEY_TOO_LARGE')
      throw new AppError(what === 'PRICE' ? 'SPOT_PRICE_MAX' : 'SPOT_AMOUNT_MAX');
    throw new AppError(`SPOT_${what}_INVALID`);
  }
}
