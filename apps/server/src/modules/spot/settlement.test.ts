import { describe, expect, it } from 'vitest';
import { feeOf, fillMoney } from './settlement';

describe('fill money', () => {
  it.each([
    // received minor, bps, fee (rounded UP: in favour of the fee account)
    [68_000_000_000n, 20, 136_000_000n],
    [102_000_300n, 20, 204_001n],
    [1n, 20, 1n],
    [4_999n, 1, 1n],
    [10_000n, 1, 1n],
    [10_001n, 1, 2n],
    [0n, 20, 0n],
    [123n, 0, 0n],
    [123n, 10_000, 123n],
  ])('fee of %s at %s bps is %s', (received, bps, fee) => {
    expect(feeOf(received, bps)).toBe(fee);
    expect(feeOf(received, bps)).toBeLessThanOrEqual(received);
  });

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

  it('refuses rates out of range', () => {
    expect(() => feeOf(1n, -1)).toThrow(RangeError);
    expect(() => feeOf(1n, 10_001)).toThrow(RangeError);
    expect(() => feeOf(-1n, 1)).toThrow(RangeError);
  });
});
