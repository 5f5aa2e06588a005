/**
 * The current bar of one market and one kline interval, as the kline stream shows it: loaded once from
 * the market's trades when first asked for, then moved forward by every committed trade. Pure.
 */
import type { TradeRecord } from '../spot/orders';
import type { TradeAggregate } from './repo';
import { intervalStart, nextIntervalStart, type KlineInterval } from './stream-names';

export interface KlineBar {
  start: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  quoteVolume: bigint;
  takerBuyVolume: bigint;
  takerBuyQuote: bigint;
  trades: number;
  /** -1 when the bar has no trade (as Binance's empty bars). */
  firstId: number;
  lastId: number;
}

const emptyBar = (start: number, price: bigint): KlineBar => ({
  start,
  open: price,
  high: price,
  low: price,
  close: price,
  volume: 0n,
  quoteVolume: 0n,
  takerBuyVolume: 0n,
  takerBuyQuote: 0n,
  trades: 0,
  firstId: -1,
  lastId: -1,
});

export class KlineState {
  bar: KlineBar | null = null;
  /** Trades committed while the bar was loading: folded in once it has loaded. */
  private pending: TradeRecord[] | null = [];
  /** Changed since the last push. */
  isDirty = false;

  constructor(readonly interval: KlineInterval) {}

  get isLoaded(): boolean {
    return this.pending === null;
  }

  /**
   * The bar as the database had it (`agg` of [start, next start), `open`/`close` the prices of its
   * first and last trade), then the trades committed meanwhile that it did not hold: a trade id above
   * the aggregate's last (ids grow with the commits) or, with no trade in the bar, all of them.
   */
  loaded(start: number, agg: TradeAggregate, open: bigint, close: bigint, lastPrice: bigint): KlineBar[] {
    this.bar =
      agg.n === 0
        ? emptyBar(start, lastPrice)
        : {
            start,
            open,
            high: agg.high_minor ?? open,
            low: agg.low_minor ?? open,
            close,
            volume: agg.volume_minor ?? 0n,
            quoteVolume: agg.quote_minor ?? 0n,
            takerBuyVolume: agg.buy_volume_minor ?? 0n,
            takerBuyQuote: agg.buy_quote_minor ?? 0n,
            trades: agg.n,
            firstId: agg.firstId ?? -1,
            lastId: agg.lastId ?? -1,
          };
    const pending = this.pending ?? [];
    this.pending = null;
    this.isDirty = true;
    const after = agg.lastId ?? 0;
    return this.add(pending.filter((t) => t.id > after));
  }

  /**
   * Committed trades (in id order) into the bar. Returns the bars they closed (a trade in a later bar
   * closes the current one). A trade older than the current bar (history written with past times) is
   * left out.
   */
  add(trades: readonly TradeRecord[]): KlineBar[] {
    if (this.pending !== null) {
      this.pending.push(...trades);
      return [];
    }
    const closed: KlineBar[] = [];
    for (const t of trades) {
      const start = intervalStart(this.interval, t.at);
      let b = this.bar;
      if (b && start < b.start) continue;
      if (!b || start > b.start) {
        if (b) closed.push(b);
        b = this.bar = emptyBar(start, t.price);
      }
      // An empty bar (carried at the last close) opens at its first trade.
      if (b.trades === 0) b.open = b.high = b.low = t.price;
      if (t.price > b.high) b.high = t.price;
      if (t.price < b.low) b.low = t.price;
      b.close = t.price;
      b.volume += t.amount;
      b.quoteVolume += t.quote;
      if (t.takerSide === 'buy') {
        b.takerBuyVolume += t.amount;
        b.takerBuyQuote += t.quote;
      }
      b.trades += 1;
      if (b.firstId < 0) b.firstId = t.id;
      b.lastId = t.id;
      this.isDirty = true;
    }
    return closed;
  }

  /** Time passed the end of the bar with no trade: it closes, and an empty bar at its close follows. */
  roll(now: number): KlineBar | null {
    const b = this.bar;
    if (!b || now < nextIntervalStart(this.interval, b.start)) return null;
    this.bar = emptyBar(intervalStart(this.interval, now), b.close);
    this.isDirty = true;
    return b;
  }
}
