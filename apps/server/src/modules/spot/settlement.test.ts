import { describe, expect, it } from 'vitest';
import { fillMoney } from './settlement';

describe('fill money', () => {
  it('pays each side what it receives minus its own fee', () => {
    expect(fillMoney(20_000_000n, 68_000_000_000n, 10, 20)).toEqual({
      base: 20_000_000n,
      quote: 68_000_000_000n,
      buyerFee: 20_000n,
      buyerGets: 19_980_000n,
      sellerFee: 136_000_000n,
      sellerGets: 67_864_000_000n,
    });
  });

  it('refuses fee rates out of range', () => {
    expect(() => fillMoney(1n, 1n, -1, 0)).toThrow(RangeError);
    expect(() => fillMoney(1n, 1n, 0, 10_001)).toThrow(RangeError);
  });
});
