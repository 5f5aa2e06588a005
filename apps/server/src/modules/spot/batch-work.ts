/**
 * What one batch of the committer changed, gathered while its commands run: the rows for the multi-row
 * statements, and the per-market changes and bars moved forward only after the commit.
 */
import type { Bar, KlinePeriod } from './candles';
import type { MarketChange, OrderState, TradeRecord } from './orders';

/** Everything one batch wrote, gathered for the multi-row statements and the after-commit work. */
export class BatchWork {
  readonly newOrders = new Map<number, OrderState>();
  readonly changedOrders = new Map<number, OrderState>();
  readonly trades: TradeRecord[] = [];
  readonly markets = new Map<number, MarketChange>();
  /** (market, period, bar start) -> the bar after this batch, not yet committed. */
  readonly bars = new Map<string, { marketId: number; period: KlinePeriod; bar: Bar }>();
  /** (market, period) -> the newest bar touched in this batch. */
  readonly latestBars = new Map<string, Bar>();
  /** Per market: 1-minute bars touched, for the 24 h window. */
  readonly minuteBars = new Map<number, Map<number, Bar>>();

  change(marketId: number): MarketChange {
    let c = this.markets.get(marketId);
    if (!c) {
      c = { marketId, trades: [], isBookChanged: false, orders: [], newOrderIds: [] };
      this.markets.set(marketId, c);
    }
    return c;
  }

  touchOrder(o: OrderState): void {
    if (!this.newOrders.has(o.id)) this.changedOrders.set(o.id, o);
    const c = this.change(o.marketId);
    if (!c.orders.includes(o)) c.orders.push(o);
    if (this.newOrders.has(o.id) && !c.newOrderIds.includes(o.id)) c.newOrderIds.push(o.id);
  }
}
