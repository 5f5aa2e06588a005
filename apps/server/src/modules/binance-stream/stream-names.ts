/**
 * Stream names as Binance spells them (`btcusdt@trade`, `btcusdt@kline_1m`, `btcusdt@depth@100ms`,
 * `btcusdt@depth20`),
 * parsed into what they ask for, and the kline intervals' bar boundaries (UTC, as Binance's). Pure.
 */

export const KLINE_INTERVALS = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '8h',
  '12h',
  '1d',
  '3d',
  '1w',
  '1M',
] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

export type StreamSpec =
  | { kind: 'trade' | 'aggTrade' | 'ticker' | 'miniTicker' | 'bookTicker'; symbol: string }
  | { kind: 'depth'; symbol: string; speedMs: 100 | 1000 }
  | { kind: 'partialDepth'; symbol: string; levels: 5 | 10 | 20; speedMs: 100 | 1000 }
  | { kind: 'kline'; symbol: string; interval: KlineInterval };

const SIMPLE = new Set(['trade', 'aggTrade', 'ticker', 'miniTicker', 'bookTicker']);

/**
 * `<symbol>@<stream>`: the symbol lower case ([a-z0-9]), the stream's name case-sensitive as Binance's
 * (`aggTrade`, `kline_1M` is a month and `kline_1m` a minute). Anything else: null.
 */
export function parseStreamName(name: string): StreamSpec | null {
  const m = /^([a-z0-9]{1,40})@([A-Za-z0-9_]+)(@100ms)?$/.exec(name);
  if (!m) return null;
  const symbol = m[1]!;
  const kind = m[2]!;
  const speedMs = m[3] === undefined ? 1000 : 100;
  if (kind === 'depth') return { kind: 'depth', symbol, speedMs };
  if (kind === 'depth5' || kind === 'depth10' || kind === 'depth20')
    return { kind: 'partialDepth', symbol, levels: Number(kind.slice(5)) as 5 | 10 | 20, speedMs };
  if (m[3] !== undefined) return null;
  if (SIMPLE.has(kind)) return { kind: kind as 'trade', symbol };
  if (kind.startsWith('kline_')) {
    const interval = kind.slice('kline_'.length);
    if ((KLINE_INTERVALS as readonly string[]).includes(interval))
      return { kind: 'kline', symbol, interval: interval as KlineInterval };
  }
  return null;
}

const MINUTE = 60_000;
const FIXED_MS: Partial<Record<KlineInterval, number>> = {
  '1m': MINUTE,
  '3m': 3 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '2h': 120 * MINUTE,
  '4h': 240 * MINUTE,
  '6h': 360 * MINUTE,
  '8h': 480 * MINUTE,
  '12h': 720 * MINUTE,
  '1d': 1_440 * MINUTE,
  '3d': 3 * 1_440 * MINUTE,
};
const DAY = 86_400_000;

/**
 * Start (ms) of the `interval` bar holding `t`, in UTC: fixed intervals from the epoch (3d too), weeks on
 * Monday 00:00, months on the 1st 00:00.
 */
export function intervalStart(interval: KlineInterval, t: number): number {
  const fixed = FIXED_MS[interval];
  if (fixed !== undefined) return Math.floor(t / fixed) * fixed;
  if (interval === '1w') {
    const day = Math.floor(t / DAY);
    // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
    return (day - ((((day + 3) % 7) + 7) % 7)) * DAY;
  }
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Start of the bar after the one starting at `start`. */
export function nextIntervalStart(interval: KlineInterval, start: number): number {
  const fixed = FIXED_MS[interval];
  if (fixed !== undefined) return start + fixed;
  if (interval === '1w') return start + 7 * DAY;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}
