import { describe, expect, it } from 'vitest';
import { addTrade, barStart, nextBarStart, parsePeriod } from './candles';

// 2026-01-05 is a Monday. 16:00 UTC = 00:00 on Jan 6 in Asia/Shanghai.
const at = (iso: string) => Date.parse(iso);

describe('candle bars (Asia/Shanghai days)', () => {
  it.each([
    ['1min', '2026-01-05T10:17:42Z', '2026-01-05T10:17:00Z', '2026-01-05T10:18:00Z'],
    ['5min', '2026-01-05T10:17:42Z', '2026-01-05T10:15:00Z', '2026-01-05T10:20:00Z'],
    ['15min', '2026-01-05T10:17:42Z', '2026-01-05T10:15:00Z', '2026-01-05T10:30:00Z'],
    ['30min', '2026-01-05T10:47:42Z', '2026-01-05T10:30:00Z', '2026-01-05T11:00:00Z'],
    ['60min', '2026-01-05T10:47:42Z', '2026-01-05T10:00:00Z', '2026-01-05T11:00:00Z'],
    // A Shanghai day runs 16:00 UTC to 16:00 UTC.
    ['1D', '2026-01-05T15:59:59Z', '2026-01-04T16:00:00Z', '2026-01-05T16:00:00Z'],
    ['1D', '2026-01-05T16:00:00Z', '2026-01-05T16:00:00Z', '2026-01-06T16:00:00Z'],
    // Weeks start on Monday 00:00 Shanghai = Sunday 16:00 UTC.
    ['1W', '2026-01-05T10:00:00Z', '2026-01-04T16:00:00Z', '2026-01-11T16:00:00Z'],
    ['1W', '2026-01-04T15:00:00Z', '2025-12-28T16:00:00Z', '2026-01-04T16:00:00Z'],
    // Months start on the 1st, 00:00 Shanghai; February 2028 has 29 days.
    ['1M', '2026-01-31T17:00:00Z', '2026-01-31T16:00:00Z', '2026-02-28T16:00:00Z'],
    ['1M', '2028-02-15T00:00:00Z', '2028-01-31T16:00:00Z', '2028-02-29T16:00:00Z'],
  ] as const)('%s bar of %s starts at %s', (period, t, start, next) => {
    expect(barStart(period, at(t))).toBe(at(start));
    expect(nextBarStart(period, at(start))).toBe(at(next));
  });

  it('reads the periods clients send', () => {
    expect(parsePeriod('1min')).toBe('1min');
    expect(parsePeriod(undefined)).toBe('1min');
    expect(parsePeriod('1day')).toBe('1D');
    expect(parsePeriod('1mon')).toBe('1M');
    expect(parsePeriod('60')).toBe('60min');
    expect(parsePeriod('7min')).toBeNull();
  });

  it('adds trades to a bar', () => {
    let bar = addTrade(undefined, 0, 100n, 1n, 100n);
    bar = addTrade(bar, 0, 120n, 2n, 240n);
    bar = addTrade(bar, 0, 90n, 1n, 90n);
    expect(bar).toEqual({
      openTime: 0,
      open: 100n,
      high: 120n,
      low: 90n,
      close: 90n,
      volume: 4n,
      quoteVolume: 430n,
      trades: 3,
    });
  });
});
