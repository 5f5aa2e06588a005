import { describe, expect, it } from 'vitest';
import { feeOf } from '@oryx/contracts/money';
import { profitOf, resultOf, settle } from './rules';

const U = 100_000_000n; // one unit at scale 8

describe('seconds-option outcome', () => {
  it.each([
    // type, open, end, result
    [1, 100n, 101n, 1],
    [1, 100n, 100n, 0],
    [1, 100n, 99n, -1],
    [2, 100n, 99n, 1],
    [2, 100n, 100n, 0],
    [2, 100n, 101n, -1],
  ] as const)('type %i open %s end %s -> %i', (type, open, end, result) => {
    expect(resultOf(type, open, end)).toBe(result);
  });

  it('a win pays stake + stake x ratio, a draw the stake, a loss nothing', () => {
    const base = { openPriceMinor: 100n, stakeMinor: 100n * U, ratioBps: 1000 };
    expect(settle({ ...base, type: 1, endPriceMinor: 101n })).toEqual({
      result: 1,
      profitMinor: 10n * U,
      stakeBackMinor: 100n * U,
      stakeLostMinor: 0n,
      factProfitsMinor: 10n * U,
    });
    expect(settle({ ...base, type: 1, endPriceMinor: 100n })).toEqual({
      result: 0,
      profitMinor: 0n,
      stakeBackMinor: 100n * U,
      stakeLostMinor: 0n,
      factProfitsMinor: 0n,
    });
    expect(settle({ ...base, type: 2, endPriceMinor: 101n })).toEqual({
      result: -1,
      profitMinor: 0n,
      stakeBackMinor: 0n,
      stakeLostMinor: 100n * U,
      factProfitsMinor: -100n * U,
    });
  });

  it('rounds the payout down and the fee up', () => {
    // 3 minor units x 12.5 % = 0.375 -> 0 paid; fee 3 x 1 % = 0.03 -> 1 charged.
    expect(profitOf(3n, 1250)).toBe(0n);
    expect(feeOf(3n, 100)).toBe(1n);
    expect(profitOf(100n * U, 1250)).toBe(12n * U + 50_000_000n);
    expect(feeOf(100n * U, 0)).toBe(0n);
  });
});
