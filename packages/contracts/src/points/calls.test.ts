import { describe, expect, it } from 'vitest';
import { jcExchangeOf, jcUsdtPriceOf } from './calls';

const E8 = 100_000_000n;

describe('jc_price, the USDT price of one JC', () => {
  it('is beau_per_jc at the BEAU market price, exact and without trailing zeros', () => {
    expect(jcUsdtPriceOf(10_000_000n, 5_000_000n)).toBe('0.005');
    expect(jcUsdtPriceOf(10_000_000n, 4_321_987n)).toBe('0.004321987');
    expect(jcUsdtPriceOf(12_345_678n, 98_765_432n)).toBe('0.1219326221002896');
    expect(jcUsdtPriceOf(3n * E8, 2n * E8)).toBe('6');
    expect(jcUsdtPriceOf(10_000_000n, 0n)).toBe('0');
  });

  it('makes the preview clients compute, use × jc_price ÷ market_price, the gross the exchange pays', () => {
    for (const [use, beauPerJc, market] of [
      [50n * E8, 10_000_000n, 5_000_000n],
      [123n * E8, 10_000_000n, 4_321_987n],
      [7n * E8, 25_000_000n, 123_456_789n],
    ] as const) {
      const jcPrice = jcUsdtPriceOf(beauPerJc, market);
      const preview = (Number(use) / 1e8) * (Number(jcPrice) / (Number(market) / 1e8));
      const gross = jcExchangeOf(use, beauPerJc, 200).gross;
      expect(preview.toFixed(8)).toBe((Number(gross) / 1e8).toFixed(8));
    }
  });
});
