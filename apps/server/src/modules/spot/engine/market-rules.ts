/**
 * A market's trading rules, and the bridge between money (bigint minor units, see
 * @oryx/contracts/money) and the engine's integer ticks and lots. Pure: no I/O, no config lookups.
 *
 * Units:
 * - price: quote per one whole base unit, in minor units at `priceScale` (default: the quote scale);
 * - amount: base minor units; notional and quote amounts: quote minor units;
 * - ticks = price / priceTick, lots = amount / amountStep, both exact or the order is refused;
 * - a quote budget (market order by quote amount) is in tick*lot units, see `quoteBudgetOf`.
 *
 * Exactness: the constructor requires one tick times one lot to be a whole number of quote minor units.
 * Then every fill's value is exact, the buyer pays exactly what the seller receives, no per-fill rounding
 * dust exists, and a market buy by quote amount can never spend more than was reserved. A market whose
 * smallest trade is not representable in its quote currency is misconfigured and fails at start.
 */
import { rescale } from '@oryx/contracts/money';
import { ENGINE_LIMITS, type Side } from './types';

export type SpotRuleCode =
  | 'SPOT_PRICE_INVALID'
  | 'SPOT_PRICE_TICK'
  | 'SPOT_PRICE_MAX'
  | 'SPOT_AMOUNT_INVALID'
  | 'SPOT_AMOUNT_STEP'
  | 'SPOT_AMOUNT_MIN'
  | 'SPOT_AMOUNT_MAX'
  | 'SPOT_NOTIONAL_MIN'
  | 'SPOT_QUOTE_MAX';

export type RuleResult<T> = { ok: true; value: T } | { ok: false; code: SpotRuleCode };

export interface MarketRulesConfig {
  baseScale: number;
  quoteScale: number;
  /** Scale of prices; defaults to quoteScale. */
  priceScale?: number;
  /** Price increment, in price minor units (> 0). */
  priceTick: bigint;
  /** Amount increment, in base minor units (> 0). */
  amountStep: bigint;
  /** Smallest order amount, base minor units (limit and market-by-base orders). */
  minAmount: bigint;
  /** Smallest order value, quote minor units (limit and market-by-quote orders). */
  minNotional: bigint;
}

/** What the caller asks for, in money terms (already parsed with parseDecimal). */
export type OrderRequest =
  | { type: 'limit'; side: Side; price: bigint; amount: bigint }
  | { type: 'market'; side: Side; by: 'base'; amount: bigint }
  | { type: 'market'; side: Side; by: 'quote'; quote: bigint };

/**
 * The engine command minus the ids, which the committer adds. A market order's protection price
 * (`limitTicks`) is set by the matching from the book at the moment it applies.
 */
export type OrderSpec =
  | { type: 'limit'; side: Side; priceTicks: number; lots: number }
  | { type: 'market'; by: 'base'; side: Side; lots: number; limitTicks?: number }
  | { type: 'market'; by: 'quote'; side: Side; quoteBudget: number; limitTicks?: number };

const ok = <T>(value: T): RuleResult<T> => ({ ok: true, value });
const fail = <T>(code: SpotRuleCode): RuleResult<T> => ({ ok: false, code });

export class MarketRules {
  readonly baseScale: number;
  readonly quoteScale: number;
  readonly priceScale: number;
  readonly priceTick: bigint;
  readonly amountStep: bigint;
  readonly minAmount: bigint;
  readonly minNotional: bigint;
  /** Value of one tick times one lot, in quote minor units (exact, >= 1). */
  readonly tickLotQuote: bigint;

  constructor(config: MarketRulesConfig) {
    this.baseScale = config.baseScale;
    this.quoteScale = config.quoteScale;
    this.priceScale = config.priceScale ?? config.quoteScale;
    this.priceTick = config.priceTick;
    this.amountStep = config.amountStep;
    this.minAmount = config.minAmount;
    this.minNotional = config.minNotional;
    if (this.priceTick <= 0n || this.amountStep <= 0n)
      throw new RangeError('priceTick and amountStep must be > 0');
    if (this.minAmount < 0n || this.minNotional < 0n) throw new RangeError('minimums must be >= 0');
    // price (priceScale) * amount (baseScale) is a quote value at priceScale + baseScale.
    const unit = this.priceTick * this.amountStep;
    const fromScale = this.priceScale + this.baseScale;
    const unitQuote = rescale(unit, fromScale, this.quoteScale, 'down');
    if (rescale(unitQuote, this.quoteScale, fromScale, 'down') !== unit || unitQuote < 1n) {
      throw new RangeError(
        'one tick times one lot is not a whole number of quote minor units: use a coarser tick or step, or a larger quote scale',
      );
    }
    this.tickLotQuote = unitQuote;
  }

  toTicks(price: bigint): RuleResult<number> {
    if (price <= 0n) return fail('SPOT_PRICE_INVALID');
    if (price % this.priceTick !== 0n) return fail('SPOT_PRICE_TICK');
    const ticks = price / this.priceTick;
    if (ticks > BigInt(ENGINE_LIMITS.MAX_PRICE_TICKS)) return fail('SPOT_PRICE_MAX');
    return ok(Number(ticks));
  }

  toLots(amount: bigint): RuleResult<number> {
    if (amount <= 0n) return fail('SPOT_AMOUNT_INVALID');
    if (amount % this.amountStep !== 0n) return fail('SPOT_AMOUNT_STEP');
    const lots = amount / this.amountStep;
    if (lots > BigInt(ENGINE_LIMITS.MAX_LOTS)) return fail('SPOT_AMOUNT_MAX');
    return ok(Number(lots));
  }

  /** Tick*lot units a quote amount can buy, rounded down (the rest is never spent). */
  quoteBudgetOf(quote: bigint): RuleResult<number> {
    if (quote <= 0n) return fail('SPOT_AMOUNT_INVALID');
    const budget = quote / this.tickLotQuote;
    if (budget < 1n) return fail('SPOT_NOTIONAL_MIN');
    if (budget > BigInt(ENGINE_LIMITS.MAX_QUOTE_BUDGET)) return fail('SPOT_QUOTE_MAX');
    return ok(Number(budget));
  }

  priceOf(priceTicks: number): bigint {
    return BigInt(priceTicks) * this.priceTick;
  }

  amountOf(lots: number): bigint {
    return BigInt(lots) * this.amountStep;
  }

  /** Exact value of `lots` at `priceTicks`, in quote minor units. */
  notionalOf(priceTicks: number, lots: number): bigint {
    return BigInt(priceTicks) * BigInt(lots) * this.tickLotQuote;
  }

  /** Quote minor units of a tick*lot budget (e.g. the unspent part of a market order by quote). */
  quoteOfBudget(budget: number): bigint {
    return BigInt(budget) * this.tickLotQuote;
  }

  /** Checks an order against the market's rules and converts it to engine units. */
  validateOrder(req: OrderRequest): RuleResult<OrderSpec> {
    if (req.type === 'market' && req.by === 'quote') {
      if (req.quote <= 0n) return fail('SPOT_AMOUNT_INVALID');
      if (req.quote < this.minNotional) return fail('SPOT_NOTIONAL_MIN');
      const budget = this.quoteBudgetOf(req.quote);
      if (!budget.ok) return budget;
      return ok({ type: 'market', by: 'quote', side: req.side, quoteBudget: budget.value });
    }
    let priceTicks = 0;
    if (req.type === 'limit') {
      const ticks = this.toTicks(req.price);
      if (!ticks.ok) return ticks;
      priceTicks = ticks.value;
    }
    const lots = this.toLots(req.amount);
    if (!lots.ok) return lots;
    if (req.amount < this.minAmount) return fail('SPOT_AMOUNT_MIN');
    // A market order by base amount has no price to check the value against; the service may check it
    // against the last trade price if it wants to.
    if (req.type === 'market') return ok({ type: 'market', by: 'base', side: req.side, lots: lots.value });
    if (this.notionalOf(priceTicks, lots.value) < this.minNotional) return fail('SPOT_NOTIONAL_MIN');
    return ok({ type: 'limit', side: req.side, priceTicks, lots: lots.value });
  }
}
