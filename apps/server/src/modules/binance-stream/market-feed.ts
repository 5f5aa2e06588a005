/**
 * One market's state for the streams (hub.ts): its depth ladder and the depth diffs gathered since the
 * last push per speed, its kline bars, the 24 h window's first trade ids, and what is due to be sent.
 */
import type { Bar } from '../spot/candles';
import type { SpotMarket } from '../spot/markets';
import type { OrderState, TradeRecord } from '../spot/orders';
import type { PricePoint } from '../spot/price-history';
import { DepthLadder, type LevelChange } from './depth-ladder';
import type { KlineState } from './klines';
import { dayWindow, type TickerInput } from './payloads';

const DAY_MS = 86_400_000;

export interface DepthBuffer {
  U: number | null;
  u: number;
  levels: Map<string, LevelChange>;
}

/** One market's state for the streams. */
export class MarketFeed {
  readonly ladder = new DepthLadder();
  readonly depth: Record<100 | 1000, DepthBuffer> = {
    100: { U: null, u: 0, levels: new Map() },
    1000: { U: null, u: 0, levels: new Map() },
  };
  readonly klines = new Map<string, KlineState>();
  /**
   * Minute start -> the first trade id in it (the 24 h window's `F`): kept from the first ticker
   * subscription on (loaded from the trades of the last 24 h, then from every committed trade).
   */
  readonly firstIds = new Map<number, number>();
  isTickerWanted = false;
  isTickerDirty = false;
  /** A partial book stream got a subscriber: its next tick sends the book even if unchanged. */
  readonly isPartialDue: Record<100 | 1000, boolean> = { 100: false, 1000: false };
  lastBest = '';
  /** Set while another process owns the market: what this one follows of it (relay.ts); null: owned here. */
  mirror: Mirror | null = null;

  constructor(
    readonly market: SpotMarket,
    readonly symbol: string,
  ) {}

  /** `btcusdt@` */
  get prefix(): string {
    return `${this.symbol.toLowerCase()}@`;
  }

  best(side: 'buy' | 'sell', ticks: number | null): [number, number] | null {
    return ticks === null ? null : [ticks, this.ladder.lotsAt(side, ticks)];
  }
}

/**
 * A market another server process owns, as this one follows it from the owner's relayed batches
 * (relay.ts): the ladder (in the feed) and what the ticker reads of the owner's book.
 */
export interface Mirror {
  /** The ladder matches the owner's (a snapshot arrived and every batch since applied cleanly). */
  isSynced: boolean;
  /** When a snapshot was last asked for (the clock's ms). */
  askedAt: number;
  minuteBars: Bar[];
  last: PricePoint | null;
  lastTrade: TradeRecord | undefined;
}

/** Minutes of first trade ids kept per market: the 24 h window and a little more. */
export const FIRST_IDS_MAX = 1_500;

/** Drops the minutes that left the 24 h window. */
export function pruneFirstIds(feed: MarketFeed, now: number): void {
  for (const minute of feed.firstIds.keys())
    if (minute + 60_000 <= now - DAY_MS) feed.firstIds.delete(minute);
}

/** Lots an order rests with once committed. */
export function restingLots(m: SpotMarket, o: OrderState): number {
  if (o.status !== 1 || o.orderType !== 'limit') return 0;
  return Number((o.amount - o.filledAmount) / m.rules.amountStep);
}

/** The aggregate of a bar without trades. */
export const EMPTY_AGGREGATE = {
  n: 0,
  firstId: null,
  lastId: null,
  high_minor: null,
  low_minor: null,
  volume_minor: null,
  quote_minor: null,
  buy_volume_minor: null,
  buy_quote_minor: null,
};

/**
 * The 24 h ticker's input: the window of the committed minute bars (the book's, or the mirror's of
 * another process's market), the last trade and price, the window's first trade id, the best levels.
 */
export function tickerInput(
  feed: MarketFeed,
  c: { minuteBars: readonly Bar[]; last: PricePoint; lastTrade: TradeRecord | undefined },
  best: { bid: number | null; ask: number | null },
  now: number,
): TickerInput {
  const from = now - DAY_MS;
  let firstId = -1;
  let firstMinute = Infinity;
  for (const [minute, id] of feed.firstIds)
    if (minute + 60_000 > from && minute < firstMinute) [firstMinute, firstId] = [minute, id];
  return {
    window: dayWindow(c.minuteBars, c.last.priceMinor, now),
    lastTrade: c.lastTrade,
    lastPrice: c.last.priceMinor,
    firstId,
    bid: feed.best('buy', best.bid),
    ask: feed.best('sell', best.ask),
    now,
  };
}
