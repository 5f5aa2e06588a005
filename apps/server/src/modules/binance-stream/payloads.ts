/**
 * The streams' payloads, field for field as Binance's spot streams: decimals as strings with every
 * decimal of the currency's scale, times in ms. Pure.
 */
import type { SpotMarket } from '../spot/markets';
import { baseText, quoteText } from '../spot/markets';
import type { Bar } from '../spot/candles';
import type { TradeRecord } from '../spot/orders';
import type { KlineBar } from './klines';
import type { LevelChange } from './depth-ladder';
import { nextIntervalStart, type KlineInterval } from './stream-names';

const DAY_MS = 86_400_000;

/** A price level: [price, quantity]. */
export const levelWire = (m: SpotMarket, ticks: number, lots: number): [string, string] => [
  quoteText(m, m.rules.priceOf(ticks)),
  baseText(m, m.rules.amountOf(lots)),
];

export function tradeEvent(m: SpotMarket, symbol: string, t: TradeRecord, now: number) {
  return {
    e: 'trade',
    E: now,
    s: symbol,
    t: t.id,
    p: quoteText(m, t.price),
    q: baseText(m, t.amount),
    T: t.at,
    // The buyer is the maker when the taker sold.
    m: t.takerSide === 'sell',
    M: true,
  };
}

/**
 * Trades of one taker order at one price, back to back in a batch, are one aggregate trade; its id is
 * its first trade's id (so a REST list of aggregate trades can name the same ids from `spot_trades`).
 */
export function aggregateTrades(trades: readonly TradeRecord[]): TradeRecord[][] {
  const out: TradeRecord[][] = [];
  for (const t of trades) {
    const last = out[out.length - 1];
    const head = last?.[0];
    if (last && head && head.takerOrderId === t.takerOrderId && head.price === t.price) last.push(t);
    else out.push([t]);
  }
  return out;
}

export function aggTradeEvent(m: SpotMarket, symbol: string, group: TradeRecord[], now: number) {
  const first = group[0]!;
  const last = group[group.length - 1]!;
  const amount = group.reduce((s, t) => s + t.amount, 0n);
  return {
    e: 'aggTrade',
    E: now,
    s: symbol,
    a: first.id,
    p: quoteText(m, first.price),
    q: baseText(m, amount),
    f: first.id,
    l: last.id,
    T: last.at,
    m: first.takerSide === 'sell',
    M: true,
  };
}

export function depthEvent(
  m: SpotMarket,
  symbol: string,
  U: number,
  u: number,
  levels: Iterable<LevelChange>,
  now: number,
) {
  const b: [string, string][] = [];
  const a: [string, string][] = [];
  for (const l of levels) (l.side === 'buy' ? b : a).push(levelWire(m, l.ticks, l.lots));
  return { e: 'depthUpdate', E: now, s: symbol, U, u, b, a };
}

export function bookTickerEvent(
  m: SpotMarket,
  symbol: string,
  u: number,
  bid: [number, number] | null,
  ask: [number, number] | null,
) {
  const [b, B] = bid ? levelWire(m, bid[0], bid[1]) : [quoteText(m, 0n), baseText(m, 0n)];
  const [a, A] = ask ? levelWire(m, ask[0], ask[1]) : [quoteText(m, 0n), baseText(m, 0n)];
  return { u, s: symbol, b, B, a, A };
}

export function klineEvent(
  m: SpotMarket,
  symbol: string,
  interval: KlineInterval,
  bar: KlineBar,
  isClosed: boolean,
  now: number,
) {
  return {
    e: 'kline',
    E: now,
    s: symbol,
    k: {
      t: bar.start,
      T: nextIntervalStart(interval, bar.start) - 1,
      s: symbol,
      i: interval,
      f: bar.firstId,
      L: bar.lastId,
      o: quoteText(m, bar.open),
      c: quoteText(m, bar.close),
      h: quoteText(m, bar.high),
      l: quoteText(m, bar.low),
      v: baseText(m, bar.volume),
      n: bar.trades,
      x: isClosed,
      q: quoteText(m, bar.quoteVolume),
      V: baseText(m, bar.takerBuyVolume),
      Q: quoteText(m, bar.takerBuyQuote),
      B: '0',
    },
  };
}

/** The rolling 24 h window of a market, from its committed one-minute bars (oldest first). */
export interface DayWindow {
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  quoteVolume: bigint;
  trades: number;
  /** Close of the last bar before the window (else the window's open). */
  prevClose: bigint;
}

export function dayWindow(minuteBars: readonly Bar[], last: bigint, now: number): DayWindow {
  const from = now - DAY_MS;
  let w: DayWindow | null = null;
  let before: bigint | null = null;
  for (const b of minuteBars) {
    if (b.openTime + 60_000 <= from) {
      before = b.close;
      continue;
    }
    if (!w) {
      w = { ...b, volume: 0n, quoteVolume: 0n, trades: 0, prevClose: before ?? b.open };
    }
    if (b.high > w.high) w.high = b.high;
    if (b.low < w.low) w.low = b.low;
    w.close = b.close;
    w.volume += b.volume;
    w.quoteVolume += b.quoteVolume;
    w.trades += b.trades;
  }
  return (
    w ?? {
      open: last,
      high: last,
      low: last,
      close: last,
      volume: 0n,
      quoteVolume: 0n,
      trades: 0,
      prevClose: last,
    }
  );
}

/** `part / whole * 100` with 3 decimals, rounded half away from zero ("-1.250"); "0.000" when whole is 0. */
export function percentText(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0.000';
  const scaled = (part * 200_000n) / whole; // two times the thousandths of a percent
  const rounded = (scaled + (scaled >= 0n ? 1n : -1n)) / 2n;
  const neg = rounded < 0n;
  const abs = neg ? -rounded : rounded;
  return `${neg ? '-' : ''}${abs / 1000n}.${String(abs % 1000n).padStart(3, '0')}`;
}

export interface TickerInput {
  window: DayWindow;
  /** The last committed trade (price, amount, id), if any. */
  lastTrade: TradeRecord | undefined;
  lastPrice: bigint;
  firstId: number;
  bid: [number, number] | null;
  ask: [number, number] | null;
  now: number;
}

export function miniTickerEvent(m: SpotMarket, symbol: string, x: TickerInput) {
  const w = x.window;
  return {
    e: '24hrMiniTicker',
    E: x.now,
    s: symbol,
    c: quoteText(m, x.lastPrice),
    o: quoteText(m, w.open),
    h: quoteText(m, w.high),
    l: quoteText(m, w.low),
    v: baseText(m, w.volume),
    q: quoteText(m, w.quoteVolume),
  };
}

export function tickerEvent(m: SpotMarket, symbol: string, x: TickerInput) {
  const w = x.window;
  const hasTrades = w.trades > 0;
  const book = bookTickerEvent(m, symbol, 0, x.bid, x.ask);
  // Weighted average price: quote volume over base volume, at the quote scale.
  const avg = w.volume > 0n ? (w.quoteVolume * 10n ** BigInt(m.baseScale)) / w.volume : 0n;
  return {
    e: '24hrTicker',
    E: x.now,
    s: symbol,
    p: quoteText(m, x.lastPrice - w.open),
    P: percentText(x.lastPrice - w.open, w.open),
    w: quoteText(m, avg),
    x: quoteText(m, w.prevClose),
    c: quoteText(m, x.lastPrice),
    Q: baseText(m, x.lastTrade?.amount ?? 0n),
    b: book.b,
    B: book.B,
    a: book.a,
    A: book.A,
    o: quoteText(m, w.open),
    h: quoteText(m, w.high),
    l: quoteText(m, w.low),
    v: baseText(m, w.volume),
    q: quoteText(m, w.quoteVolume),
    O: x.now - DAY_MS,
    C: x.now,
    F: hasTrades ? x.firstId : -1,
    L: hasTrades ? (x.lastTrade?.id ?? -1) : -1,
    n: w.trades,
  };
}
