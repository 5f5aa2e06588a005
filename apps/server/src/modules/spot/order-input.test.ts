import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { MarketRules } from './engine/market-rules';
import { parseOrder, type OrderInput } from './order-input';

// BTC/USDT-like: both scales 8, tick 0.01 USDT, step 0.0001 BTC, minimum 0.0001 BTC and 5 USDT.
const market = {
  rules: new MarketRules({
    baseScale: 8,
    quoteScale: 8,
    priceTick: 1_000_000n,
    amountStep: 10_000n,
    minAmount: 10_000n,
    minNotional: 500_000_000n,
  }),
  baseScale: 8,
  quoteScale: 8,
  legalName: 'USDT',
};
const LAST = 6_000_000_000_000n; // 60,000 USDT

function refusal(input: OrderInput): { code: string; params: Record<string, string | number> } {
  const r = parseOrder(input, market, LAST);
  if (r.ok) throw new Error('expected a refusal');
  expect(r.refusal).toBeInstanceOf(AppError);
  return { code: r.refusal.code, params: r.refusal.params };
}

describe('parseOrder', () => {
  it('turns a limit order into money and engine units', () => {
    expect(parseOrder({ type: 1, target_price: '100.01', amount: '0.5' }, market, LAST)).toEqual({
      ok: true,
      order: {
        side: 'buy',
        orderType: 'limit',
        price: 10_001_000_000n,
        amount: 50_000_000n,
        spec: { type: 'limit', side: 'buy', priceTicks: 10_001, lots: 5_000 },
      },
    });
  });

  it('takes market orders, buy and sell, by base amount (the price the client saw, else the last price, kept)', () => {
    const sell = parseOrder({ type: 2, order_type: 'market', amount: '0.001' }, market, LAST);
    expect(sell.ok && sell.order.spec).toEqual({ type: 'market', by: 'base', side: 'sell', lots: 10 });
    const buy = parseOrder(
      { type: 1, order_type: 'market', amount: '0.001', target_price: '' },
      market,
      LAST,
    );
    expect(buy.ok && buy.order).toMatchObject({
      price: LAST,
      amount: 100_000n,
      spec: { type: 'market', by: 'base', side: 'buy', lots: 10 },
    });
    // A market buy must be worth the minimum notional (5 USDT) at that price: 0.0001 x 60,000 = 6.
    expect(parseOrder({ type: 1, order_type: 'market', amount: '0.0001' }, market, LAST).ok).toBe(true);
    expect(refusal({ type: 1, order_type: 'market', amount: '0.0001', target_price: '40000' })).toEqual({
      code: 'SPOT_NOTIONAL_MIN',
      params: { min: '5 USDT' },
    });
  });

  it('refuses with the rule broken, in the market’s own terms', () => {
    expect(refusal({ type: 3, target_price: '1', amount: '1' }).code).toBe('SPOT_TYPE_INVALID');
    expect(refusal({ type: 1, target_price: '1' }).code).toBe('SPOT_AMOUNT_REQUIRED');
    expect(refusal({ type: 1, target_price: '1', amount: '0.000000001' })).toEqual({
      code: 'SPOT_AMOUNT_TOO_MANY_DECIMALS',
      params: { max: 8 },
    });
    expect(refusal({ type: 1, target_price: '100.001', amount: '1' })).toEqual({
      code: 'SPOT_PRICE_TICK',
      params: { tick: '0.01' },
    });
    expect(refusal({ type: 2, target_price: '100', amount: '0.00015' })).toEqual({
      code: 'SPOT_AMOUNT_STEP',
      params: { step: '0.0001' },
    });
    expect(refusal({ type: 1, target_price: '1', amount: '1' })).toEqual({
      code: 'SPOT_NOTIONAL_MIN',
      params: { min: '5 USDT' },
    });
    expect(refusal({ type: 1, order_type: 'market', amount: '0.00015' }).code).toBe('SPOT_AMOUNT_STEP');
  });

  it('carries a time in force or post-only only when not the default, and refuses what does not fit', () => {
    const limit = { type: 1, target_price: '100', amount: '0.1' };
    const opts = (input: OrderInput) => {
      const r = parseOrder(input, market, LAST);
      return r.ok ? { timeInForce: r.order.timeInForce, postOnly: r.order.postOnly } : r.refusal.code;
    };
    expect(opts(limit)).toEqual({ timeInForce: undefined, postOnly: undefined });
    expect(opts({ ...limit, timeInForce: 'GTC', postOnly: false })).toEqual({});
    expect(opts({ ...limit, timeInForce: 'IOC' })).toEqual({ timeInForce: 'IOC' });
    expect(opts({ ...limit, timeInForce: 'FOK' })).toEqual({ timeInForce: 'FOK' });
    expect(opts({ ...limit, postOnly: true })).toEqual({ postOnly: true });
    expect(opts({ ...limit, timeInForce: 'GTC', postOnly: true })).toEqual({ postOnly: true });
    const marketBuy = { type: 1, order_type: 'market' as const, amount: '0.1' };
    expect(opts({ ...marketBuy, timeInForce: 'FOK' })).toEqual({ timeInForce: 'FOK' });
    expect(opts({ ...marketBuy, timeInForce: 'IOC' })).toEqual({ timeInForce: 'IOC' });
    const refused = (input: OrderInput) => refusal(input).code;
    expect(refused({ ...limit, timeInForce: 'GTD' as 'GTC' })).toBe('VALIDATION');
    expect(refused({ ...limit, postOnly: 'yes' as unknown as boolean })).toBe('VALIDATION');
    expect(refused({ ...limit, timeInForce: 'IOC', postOnly: true })).toBe('VALIDATION');
    expect(refused({ ...marketBuy, timeInForce: 'GTC' })).toBe('VALIDATION');
    expect(refused({ ...marketBuy, postOnly: true })).toBe('VALIDATION');
    expect(refused({ type: 1, order_type: 'market', quote_amount: '100', timeInForce: 'FOK' })).toBe(
      'VALIDATION',
    );
  });
});
