/**
 * Candle periods and bar boundaries. Pure. Bars are keyed by their start time (ms, UTC epoch).
 * Minute periods align to the minute grid (Asia/Shanghai is UTC+8 with no daylight saving, so hour and
 * minute boundaries are the same everywhere); days, weeks (Monday) and months start at 00:00 in
 * Asia/Shanghai, as the exchange's charts use. A batch's trades into its pending bars, and those bars into
 * the books' committed bars, are in batch-bars.ts.
 */
import { KLINE_PERIODS, type KlinePeriod } from '@oryx/contracts/spot/calls';

export { KLINE_PERIODS, type KlinePeriod };

/** 1-minute bars kept in memory per market: 24 h for the rolling stats, plus one. */
export const MINUTE_BARS_MAX = 24 * 60 + 1;

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Asia/Shanghai: UTC+8, no daylight saving since 1991. */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

const MINUTES: Partial<Record<KlinePeriod, number>> = {
  '1min': 1,
  '5min': 5,
  '15min': 15,
  '30min': 30,
  '60min': 60,
};

/** Aliases other clients of this API family send, mapped to our period keys. */
const ALIASES: Record<string, KlinePeriod> = {
  '1': '1min',
  '5': '5min',
  '15': '15min',
  '30': '30min',
  '60': '60min',
  '1h': '60min',
  '1hour': '60min',
  '1m': '1min',
  '1d': '1D',
  '1day': '1D',
  D: '1D',
  '1w': '1W',
  '1week': '1W',
  W: '1W',
  '1mon': '1M',
  '1month': '1M',
  M: '1M',
};

export function parsePeriod(raw: string | undefined): KlinePeriod | null {
  if (raw === undefined || raw === '') return '1min';
  if ((KLINE_PERIODS as readonly string[]).includes(raw)) return raw as KlinePeriod;
  // Own properties only: `__proto__`, `constructor` or `toString` is no period.
  const alias = (k: string) => (Object.hasOwn(ALIASES, k) ? ALIASES[k] : undefined);
  return alias(raw) ?? alias(raw.toLowerCase()) ?? null;
}

/** Start (ms) of the bar of `period` that contains `t`. */
export function barStart(period: KlinePeriod, t: number): number {
  const minutes = MINUTES[period];
  if (minutes !== undefined) return Math.floor(t / (minutes * MINUTE)) * minutes * MINUTE;
  const local = t + SHANGHAI_OFFSET_MS;
  const day = Math.floor(local / DAY);
  if (period === '1D') return day * DAY - SHANGHAI_OFFSET_MS;
  if (period === '1W') {
    // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
    const monday = day - ((((day + 3) % 7) + 7) % 7);
    return monday * DAY - SHANGHAI_OFFSET_MS;
  }
  const d = new Date(local);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - SHANGHAI_OFFSET_MS;
}

/** Start of the bar after the one starting at `start`. */
export function nextBarStart(period: KlinePeriod, start: number): number {
  const minutes = MINUTES[period];
  if (minutes !== undefined) return start + minutes * MINUTE;
  if (period === '1D') return start + DAY;
  if (period === '1W') return start + 7 * DAY;
  const d = new Date(start + SHANGHAI_OFFSET_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - SHANGHAI_OFFSET_MS;
}

export interface Bar {
  openTime: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Base minor units. */
  volume: bigint;
  /** Quote minor units. */
  quoteVolume: bigint;
  trades: number;
}

/** A bar with one more trade (a new bar when `bar` is undefined). Returns a new object. */
export function addTrade(
  bar: Bar | undefined,
  openTime: number,
  price: bigint,
  amount: bigint,
  quote: bigint,
): Bar {
  if (!bar) {
    return {
      openTime,
      open: price,
      high: price,
      low: price,
      close: price,
      volume: amount,
      quoteVolume: quote,
      trades: 1,
    };
  }
  return {
    openTime,
    open: bar.open,
    high: price > bar.high ? price : bar.high,
    low: price < bar.low ? price : bar.low,
    close: price,
    volume: bar.volume + amount,
    quoteVolume: bar.quoteVolume + quote,
    trades: bar.trades + 1,
  };
}
