/**
 * One market's committed book by price level, as the depth streams and the depth snapshot show it,
 * with its update id. It follows the spot engine's committed order states: each resting order's lots
 * (a shadow of the book's orders), so a batch's changed orders give exactly the levels it changed.
 * Pure: no I/O, no clock.
 */
import type { Side } from '../spot/engine/types';
import type { OrderState } from '../spot/orders';

/** A level after a change: `lots` 0 means the level is gone. */
export interface LevelChange {
  side: Side;
  ticks: number;
  lots: number;
}

/** What one committed change did to the book: update ids `U`..`u`, one per changed level. */
export interface LadderUpdate {
  U: number;
  u: number;
  changes: LevelChange[];
}

interface Resting {
  side: Side;
  ticks: number;
  lots: number;
}

/** Lots an order rests with once committed: an open limit order's remainder, otherwise none. */
export type RestingLots = (o: OrderState) => number;

export class DepthLadder {
  /** Price ticks -> lots. */
  readonly bids = new Map<number, number>();
  readonly asks = new Map<number, number>();
  private readonly resting = new Map<number, Resting>();

  /** The id of the last change applied; a snapshot carries it as `lastUpdateId`. */
  constructor(public updateId = 0) {}

  private side(side: Side): Map<number, number> {
    return side === 'buy' ? this.bids : this.asks;
  }

  /**
   * Orders whose committed state changed (every order a batch touched: takers, makers, cancels).
   * Returns the changed levels with their new lots and the update ids they take; null when no level
   * changed.
   */
  apply(orders: Iterable<OrderState>, lotsOf: RestingLots): LadderUpdate | null {
    const before = new Map<string, LevelChange>();
    const touch = (side: Side, ticks: number) => {
      const key = `${side}:${ticks}`;
      if (!before.has(key)) before.set(key, { side, ticks, lots: this.side(side).get(ticks) ?? 0 });
    };
    const add = (side: Side, ticks: number, lots: number) => {
      touch(side, ticks);
      const levels = this.side(side);
      const next = (levels.get(ticks) ?? 0) + lots;
      if (next > 0) levels.set(ticks, next);
      else levels.delete(ticks);
    };
    for (const o of orders) {
      const prev = this.resting.get(o.id);
      const lots = lotsOf(o);
      if (prev) {
        add(prev.side, prev.ticks, -prev.lots);
        this.resting.delete(o.id);
      }
      if (lots > 0) {
        add(o.side, o.priceTicks, lots);
        this.resting.set(o.id, { side: o.side, ticks: o.priceTicks, lots });
      }
    }
    return this.finish(before);
  }

  /** The book rebuilt from its open orders (start, reload): the levels that differ, as a change. */
  reset(open: Iterable<OrderState>, lotsOf: RestingLots): LadderUpdate | null {
    const before = new Map<string, LevelChange>();
    for (const [side, levels] of [
      ['buy', this.bids],
      ['sell', this.asks],
    ] as const) {
      for (const [ticks, lots] of levels) before.set(`${side}:${ticks}`, { side, ticks, lots });
      levels.clear();
    }
    this.resting.clear();
    for (const o of open) {
      const lots = lotsOf(o);
      if (lots <= 0) continue;
      const key = `${o.side}:${o.priceTicks}`;
      if (!before.has(key)) before.set(key, { side: o.side, ticks: o.priceTicks, lots: 0 });
      const levels = this.side(o.side);
      levels.set(o.priceTicks, (levels.get(o.priceTicks) ?? 0) + lots);
      this.resting.set(o.id, { side: o.side, ticks: o.priceTicks, lots });
    }
    return this.finish(before);
  }

  private finish(before: Map<string, LevelChange>): LadderUpdate | null {
    const changes: LevelChange[] = [];
    for (const b of before.values()) {
      const lots = this.side(b.side).get(b.ticks) ?? 0;
      if (lots !== b.lots) changes.push({ side: b.side, ticks: b.ticks, lots });
    }
    if (changes.length === 0) return null;
    const U = this.updateId + 1;
    this.updateId += changes.length;
    return { U, u: this.updateId, changes };
  }

  /** The best `limit` levels a side: bids highest first, asks lowest first. */
  top(limit: number): { bids: [number, number][]; asks: [number, number][] } {
    const sorted = (levels: Map<number, number>, dir: 1 | -1) =>
      [...levels].sort((a, b) => dir * (a[0] - b[0])).slice(0, limit);
    return { bids: sorted(this.bids, -1), asks: sorted(this.asks, 1) };
  }

  lotsAt(side: Side, ticks: number): number {
    return this.side(side).get(ticks) ?? 0;
  }
}
