/**
 * A batch's trades into its pending bars of every period, and those bars into the books' committed bars
 * (and the 24 h minute window) once the batch has committed. The periods and bar boundaries are in
 * candles.ts.
 */
import type { BatchWork } from './batch-work';
import { addTrade, barStart, KLINE_PERIODS, MINUTE_BARS_MAX } from './candles';
import type { MarketBook, SpotBooks } from './market-book';
import type { TradeRecord } from './orders';

/** A trade of the batch into its pending bars of every period (committed only with the batch). */
export function addTradeToBars(mb: MarketBook, work: BatchWork, t: TradeRecord): void {
  for (const period of KLINE_PERIODS) {
    const start = barStart(period, t.at);
    // One entry per bar: a batch of history (atMs) spans many bars, a live batch one per period.
    const key = `${mb.market.id}/${period}/${start}`;
    const pending = work.bars.get(key)?.bar;
    const latest = work.latestBars.get(`${mb.market.id}/${period}`) ?? mb.bars.get(period);
    const current = pending ?? (latest && latest.openTime === start ? latest : undefined);
    // Trades arrive in time order; an older bar (a clock set back in a test) starts afresh rather than
    // reading history back, and the upsert below merges nothing into it: acceptable for such a case.
    const base = current && current.openTime === start ? current : undefined;
    const bar = addTrade(base, start, t.price, t.amount, t.quote);
    work.bars.set(key, { marketId: mb.market.id, period, bar });
    work.latestBars.set(`${mb.market.id}/${period}`, bar);
    if (period === '1min') {
      let mins = work.minuteBars.get(mb.market.id);
      if (!mins) work.minuteBars.set(mb.market.id, (mins = new Map()));
      mins.set(start, bar);
    }
  }
}

/** The batch is durable: its bars become the books' latest bars and join the 24 h minute window. */
export function commitBars(books: SpotBooks, work: BatchWork): void {
  for (const { marketId, period, bar } of work.bars.values()) {
    const mb = books.book(marketId);
    if (!mb) continue;
    const cur = mb.bars.get(period);
    if (!cur || bar.openTime >= cur.openTime) mb.bars.set(period, bar);
  }
  for (const [marketId, mins] of work.minuteBars) {
    const mb = books.book(marketId);
    if (!mb) continue;
    for (const bar of mins.values()) {
      const lastBar = mb.minuteBars[mb.minuteBars.length - 1];
      if (lastBar && lastBar.openTime === bar.openTime) mb.minuteBars[mb.minuteBars.length - 1] = bar;
      else if (!lastBar || bar.openTime > lastBar.openTime) mb.minuteBars.push(bar);
    }
    if (mb.minuteBars.length > MINUTE_BARS_MAX)
      mb.minuteBars.splice(0, mb.minuteBars.length - MINUTE_BARS_MAX);
  }
}
