/**
 * A scripted market history for tests and the benchmark: trades and book snapshots held in memory, run
 * through the same mark rule as production (service.ts `markAt` with this as its data).
 * Production never uses it: tests put it in as the app's price source (`ctx.services.mark.prices = scripted`).
 *
 * Scripted trades have no account or size: each counts as one unit by one taker of its own unless given.
 * The book depth used by the limits is a settable figure (`moveCostMinor`), unlimited by default.
 */
import type { Db } from '../../db/connection';
import { markAt, type MarkData, type MarkPoint } from './service';
import type { BookSample, TradeSample } from './rule';
import type { MarkPriceSource } from './price-source';

export class ScriptedTrades implements MarkPriceSource, MarkData {
  private readonly trades = new Map<number, TradeSample[]>();
  private readonly books = new Map<number, BookSample[]>();
  private nextId = 1;
  /** What moving the mark costs (null: too thin). Unlimited unless a test sets it. */
  moveCostMinor: bigint | null = 10n ** 30n;

  /** Records a trade on `marketId` at `timeMs`; returns its id. */
  add(
    marketId: number,
    priceMinor: bigint,
    timeMs: number,
    opts: { quoteMinor?: bigint; takerUserId?: number } = {},
  ): number {
    const list = this.trades.get(marketId) ?? [];
    const id = this.nextId++;
    list.push({
      id,
      atMs: timeMs,
      priceMinor,
      quoteMinor: opts.quoteMinor ?? 1n,
      takerUserId: opts.takerUserId ?? -id,
    });
    this.trades.set(marketId, list);
    return id;
  }

  /** Records a book snapshot (impact bid and ask) on `marketId` at `timeMs`; returns its id. */
  addBook(
    marketId: number,
    timeMs: number,
    impactBidMinor: bigint | null,
    impactAskMinor: bigint | null,
  ): number {
    const list = this.books.get(marketId) ?? [];
    const id = this.nextId++;
    list.push({ id, atMs: timeMs, impactBidMinor, impactAskMinor });
    this.books.set(marketId, list);
    return id;
  }

  markAt(db: Db, marketId: number, atMs: number): Promise<MarkPoint> {
    return markAt(db, marketId, atMs, this);
  }

  async moveCostAt(): Promise<bigint | null> {
    return this.moveCostMinor;
  }

  async booksIn(_db: Db, marketId: number, fromMs: number, toMs: number) {
    return (this.books.get(marketId) ?? []).filter((b) => b.atMs > fromMs && b.atMs <= toMs);
  }

  async countingBookAtOrBefore(_db: Db, marketId: number, atMs: number) {
    const list = (this.books.get(marketId) ?? []).filter(
      (b) => b.atMs <= atMs && b.impactBidMinor !== null && b.impactAskMinor !== null,
    );
    return latest(list);
  }

  async tradesIn(_db: Db, marketId: number, fromMs: number, toMs: number) {
    return (this.trades.get(marketId) ?? []).filter((t) => t.atMs > fromMs && t.atMs <= toMs);
  }

  async tradeAtOrBefore(_db: Db, marketId: number, atMs: number) {
    return latest((this.trades.get(marketId) ?? []).filter((t) => t.atMs <= atMs));
  }
}

/** Latest by time, ties: the highest id. */
function latest<T extends { atMs: number; id: number }>(list: T[]): T | null {
  let best: T | null = null;
  for (const x of list) if (!best || x.atMs > best.atMs || (x.atMs === best.atMs && x.id > best.id)) best = x;
  return best;
}
