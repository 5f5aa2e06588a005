import { describe, expect, it } from 'vitest';
import {
  EARNING_DAY_MS,
  fractionOfBps,
  instalmentDueAt,
  instalmentOf,
  interestOf,
  percentOfBps,
} from './terms';

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

describe('deposit-earning payout rule', () => {
  // terms x days: the instalments of every product add up to the interest, each within one minor unit
  // of the others, none negative.
  const terms = [
    [7, 10],
    [30, 60],
    [90, 200],
    [1, 5],
    [365, 1234],
  ] as const;
  const principals = [1n, 999n, 10n * 10n ** 8n, 33_333_333_333n, 123_456_789_012_345n];
  for (const [day, bps] of terms) {
    it(`${day} days at ${percentOfBps(bps)} %`, () => {
      for (const p of principals) {
        const interest = interestOf(p, bps);
        expect(interest).toBe((p * BigInt(bps)) / 10_000n);
        const parts = Array.from({ length: day }, (_, i) => instalmentOf(interest, day, i + 1));
        expect(sum(parts)).toBe(interest);
        const min = parts.reduce((a, b) => (b < a ? b : a));
        const max = parts.reduce((a, b) => (b > a ? b : a));
        expect(min >= 0n).toBe(true);
        expect(max - min <= 1n).toBe(true);
      }
    });
  }

  it('exact figures for 700.00000001 USDT over 7 days at 0.10 %', () => {
    const interest = interestOf(70_000_000_001n, 10);
    expect(interest).toBe(70_000_000n);
    expect(Array.from({ length: 7 }, (_, i) => instalmentOf(interest, 7, i + 1))).toEqual(
      Array(7).fill(10_000_000n),
    );
  });

  it('instalment k is due k days after the deposit', () => {
    expect(instalmentDueAt(1_000, 1)).toBe(1_000 + EARNING_DAY_MS);
    expect(instalmentDueAt(1_000, 30)).toBe(1_000 + 30 * EARNING_DAY_MS);
  });

  it('writes basis points as the wire percent', () => {
    expect(percentOfBps(10)).toBe('0.10');
    expect(percentOfBps(200)).toBe('2.00');
    expect(percentOfBps(1234)).toBe('12.34');
  });

  it('writes basis points as the fraction clients of this API family show as 100 × rate percent', () => {
    expect(fractionOfBps(10)).toBe('0.001');
    expect(fractionOfBps(60)).toBe('0.006');
    expect(fractionOfBps(200)).toBe('0.02');
    expect(fractionOfBps(1234)).toBe('0.1234');
    expect(fractionOfBps(10_000)).toBe('1');
    expect(fractionOfBps(0)).toBe('0');
    for (const bps of [1, 10, 60, 150, 200, 1234, 9999]) {
      expect((100 * Number(fractionOfBps(bps))).toFixed(2)).toBe(percentOfBps(bps));
    }
  });
});
