/**
 * A scripted spot trade history for tests and the benchmark: the same contract as the spot module's
 * `lastTradeAt` (last trade with time <= atMs, ties: the highest id), held in memory. Production never
 * uses it (see price-source.ts).
 */
import type { MarkPricePoint, MarkPriceSource } from './price-source';

export class ScriptedTrades implements MarkPriceSource {
  private readonly trades = new Map<number, { id: number; priceMinor: bigint; timeMs: number }[]>();
  private nextId = 1;

  /** Records a trade on `marketId` at `timeMs`; returns its id. */
  add(marketId: number, priceMinor: bigint, timeMs: number): number {
    const list = this.trades.get(marketId) ?? [];
    const id = this.nextId++;
    list.push({ id, priceMinor, timeMs });
    list.sort((a, b) => a.timeMs - b.timeMs || a.id - b.id);
    this.trades.set(marketId, list);
    return id;
  }

  async lastTradeAt(_db: unknown, marketId: number, atMs: number): Promise<MarkPricePoint> {
    const list = this.trades.get(marketId) ?? [];
    let best: { id: number; priceMinor: bigint; timeMs: number } | undefined;
    for (const t of list) {
      if (t.timeMs > atMs) break;
      best = t;
    }
    return best
      ? { priceMinor: best.priceMinor, tradeId: best.id, tradeTimeMs: best.timeMs }
      : { priceMinor: 0n, tradeId: null, tradeTimeMs: 0 };
  }
}
