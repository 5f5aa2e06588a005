import { describe, expect, it } from 'vitest';
import { parseDecimal } from '@oryx/contracts/money';
import { MarketRules, type OrderRequest } from './market-rules';
import { ENGINE_LIMITS } from './types';

// BTC/USDT-like: both scale 8, price tick 0.01, amount step 0.0001, min amount 0.001, min notional 5.
const btc = new MarketRules({
  baseScale: 8,
  quoteScale: 8,
  priceTick: parseDecimal('0.01', 8),
  amountStep: parseDecimal('0.0001', 8),
  minAmount: parseDecimal('0.001', 8),
  minNotional: parseDecimal('5', 8),
});
const price = (s: string) => parseDecimal(s, 8);
const amount = (s: string) => parseDecimal(s, 8);

describe('MarketRules', () => {
  it('knows the value of one tick times one lot', () => {
    // 0.01 * 0.0001 = 0.000001 USDT = 100 minor units at scale 8
    expect(btc.tickLotQuote).toBe(100n);
  });

  it.each([
    ['65000.01', { ok: true, value: 6_500_001 }],
    ['0.01', { ok: true, value: 1 }],
    ['65000.015', { ok: false, code: 'SPOT_PRICE_TICK' }],
    ['0.001', { ok: false, code: 'SPOT_PRICE_TICK' }],
  ])('toTicks(%s)', (p, want) => {
    expect(btc.toTicks(price(p))).toEqual(want);
  });

  it('toTicks refuses non-positive and oversized prices', () => {
    expect(btc.toTicks(0n)).toEqual({ ok: false, code: 'SPOT_PRICE_INVALID' });
    expect(btc.toTicks(-1_000_000n)).toEqual({ ok: false, code: 'SPOT_PRICE_INVALID' });
    const tooBig = (BigInt(ENGINE_LIMITS.MAX_PRICE_TICKS) + 1n) * btc.priceTick;
    expect(btc.toTicks(tooBig)).toEqual({ ok: false, code: 'SPOT_PRICE_MAX' });
    expect(btc.toTicks(tooBig - btc.priceTick)).toEqual({ ok: true, value: ENGINE_LIMITS.MAX_PRICE_TICKS });
  });

  it.each([
    ['1.5', { ok: true, value: 15_000 }],
    ['0.0001', { ok: true, value: 1 }],
    ['0.00015', { ok: false, code: 'SPOT_AMOUNT_STEP' }],
  ])('toLots(%s)', (a, want) => {
    expect(btc.toLots(amount(a))).toEqual(want);
  });

  it('toLots refuses non-positive and oversized amounts', () => {
    expect(btc.toLots(0n)).toEqual({ ok: false, code: 'SPOT_AMOUNT_INVALID' });
    const tooBig = (BigInt(ENGINE_LIMITS.MAX_LOTS) + 1n) * btc.amountStep;
    expect(btc.toLots(tooBig)).toEqual({ ok: false, code: 'SPOT_AMOUNT_MAX' });
  });

  it('converts back exactly', () => {
    expect(btc.priceOf(6_500_001)).toBe(price('65000.01'));
    expect(btc.amountOf(15_000)).toBe(amount('1.5'));
    // 65000.01 * 1.5 = 97500.015
    expect(btc.notionalOf(6_500_001, 15_000)).toBe(price('97500.015'));
    expect(btc.quoteOfBudget(3)).toBe(300n);
  });

  it('turns a quote amount into a tick*lot budget, rounding down', () => {
    expect(btc.quoteBudgetOf(price('10'))).toEqual({ ok: true, value: 10_000_000 });
    expect(btc.quoteBudgetOf(1_099n)).toEqual({ ok: true, value: 10 });
    expect(btc.quoteBudgetOf(99n)).toEqual({ ok: false, code: 'SPOT_NOTIONAL_MIN' });
    expect(btc.quoteBudgetOf(0n)).toEqual({ ok: false, code: 'SPOT_AMOUNT_INVALID' });
    const tooBig = (BigInt(ENGINE_LIMITS.MAX_QUOTE_BUDGET) + 1n) * btc.tickLotQuote;
    expect(btc.quoteBudgetOf(tooBig)).toEqual({ ok: false, code: 'SPOT_QUOTE_MAX' });
  });

  describe('validateOrder', () => {
    const cases: [string, OrderRequest, unknown][] = [
      [
        'a good limit',
        { type: 'limit', side: 'buy', price: price('65000'), amount: amount('0.01') },
        { ok: true, value: { type: 'limit', side: 'buy', priceTicks: 6_500_000, lots: 100 } },
      ],
      [
        'price off tick',
        { type: 'limit', side: 'buy', price: price('65000.001'), amount: amount('0.01') },
        { ok: false, code: 'SPOT_PRICE_TICK' },
      ],
      [
        'amount off step',
        { type: 'limit', side: 'sell', price: price('65000'), amount: amount('0.01005') },
        { ok: false, code: 'SPOT_AMOUNT_STEP' },
      ],
      [
        'amount under the minimum',
        { type: 'limit', side: 'sell', price: price('65000'), amount: amount('0.0009') },
        { ok: false, code: 'SPOT_AMOUNT_MIN' },
      ],
      [
        'value under the minimum notional',
        { type: 'limit', side: 'sell', price: price('4000'), amount: amount('0.001') },
        { ok: false, code: 'SPOT_NOTIONAL_MIN' },
      ],
      [
        'value exactly at the minimum notional',
        { type: 'limit', side: 'sell', price: price('5000'), amount: amount('0.001') },
        { ok: true, value: { type: 'limit', side: 'sell', priceTicks: 500_000, lots: 10 } },
      ],
      [
        'zero price',
        { type: 'limit', side: 'sell', price: 0n, amount: amount('1') },
        { ok: false, code: 'SPOT_PRICE_INVALID' },
      ],
      [
        'market by base',
        { type: 'market', side: 'sell', by: 'base', amount: amount('0.5') },
        { ok: true, value: { type: 'market', by: 'base', side: 'sell', lots: 5_000 } },
      ],
      [
        'market by base under the minimum amount',
        { type: 'market', side: 'sell', by: 'base', amount: amount('0.0005') },
        { ok: false, code: 'SPOT_AMOUNT_MIN' },
      ],
      [
        'market by quote',
        { type: 'market', side: 'buy', by: 'quote', quote: price('100') },
        { ok: true, value: { type: 'market', by: 'quote', side: 'buy', quoteBudget: 100_000_000 } },
      ],
      [
        'market by quote under the minimum notional',
        { type: 'market', side: 'buy', by: 'quote', quote: price('4.99') },
        { ok: false, code: 'SPOT_NOTIONAL_MIN' },
      ],
      [
        'market by quote zero',
        { type: 'market', side: 'buy', by: 'quote', quote: 0n },
        { ok: false, code: 'SPOT_AMOUNT_INVALID' },
      ],
    ];
    it.each(cases)('%s', (_label, req, want) => {
      expect(btc.validateOrder(req)).toEqual(want);
    });
  });

  it('works across different scales (price scale above the quote scale)', () => {
    // A cheap coin quoted in a 2-decimal currency with 4-decimal prices and whole-coin lots.
    const rules = new MarketRules({
      baseScale: 0,
      quoteScale: 2,
      priceScale: 4,
      priceTick: 100n, // 0.01
      amountStep: 1n,
      minAmount: 1n,
      minNotional: 100n, // 1.00
    });
    expect(rules.tickLotQuote).toBe(1n);
    expect(rules.validateOrder({ type: 'limit', side: 'buy', price: 12_300n, amount: 10n })).toEqual({
      ok: true,
      value: { type: 'limit', side: 'buy', priceTicks: 123, lots: 10 },
    });
    expect(rules.notionalOf(123, 10)).toBe(1230n); // 1.23 * 10 = 12.30
  });

  it('refuses a market whose smallest trade is not a whole quote minor unit', () => {
    const base = { baseScale: 8, quoteScale: 8, minAmount: 0n, minNotional: 0n };
    // 0.00001 * 0.0001 = 1e-9, finer than the quote's 1e-8
    expect(() => new MarketRules({ ...base, priceTick: 1_000n, amountStep: 10_000n })).toThrow(RangeError);
    expect(() => new MarketRules({ ...base, priceTick: 0n, amountStep: 1n })).toThrow(RangeError);
    expect(() => new MarketRules({ ...base, priceTick: 1n, amountStep: -1n })).toThrow(RangeError);
    const exact = { priceTick: 1_000_000n, amountStep: 100n }; // 0.01 * 0.000001 = 1e-8, fine
    expect(new MarketRules({ ...base, ...exact }).tickLotQuote).toBe(1n);
    expect(() => new MarketRules({ ...base, ...exact, minAmount: -1n })).toThrow(RangeError);
  });
});
