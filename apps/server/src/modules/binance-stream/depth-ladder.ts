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

/** A depth snapshot as `GET /api/v3/depth` answers it (hub.ts `depthSnapshot`). */
export interface DepthSnapshot {
  lastUpdateId: number;
  /** [price, quantity], highest price first. */
  bids: [string, string][];
  /** [price, quantity], lowest price first. */
  asks: [string, string][];
}

/** A ladder as another process mirrors it: its update id and resting orders `[id, side, ticks, lots]`. */
export interface LadderState {
  updateId: number;
  resting: [number, Side, number, number][];
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
  reset<O extends Pick<OrderState, 'id' | 'side' | 'priceTicks'>>(
    open: Iterable<O>,
    lotsOf: (o: O) => number,
  ): LadderUpdate | null {
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

  /** The resting orders and the update id, for another process to mirror this ladder (`load`). */
  state(): LadderState {
    const resting: LadderState['resting'] = [];
    for (const [id, r] of this.resting) resting.push([id, r.side, r.ticks, r.lots]);
    return { updateId: this.updateId, resting };
  }

  /**
   * Becomes a copy of another process's ladder (`state`): the levels that differ, as one change ending
   * at the state's update id (ids may jump or go back: a depth client then syncs again).
   */
  load(s: LadderState): LadderUpdate | null {
    const from = this.updateId;
    const orders = s.resting.map(([id, side, priceTicks, lots]) => ({ id, side, priceTicks, lots }));
    const upd = this.reset(orders, (o) => o.lots);
    this.updateId = s.updateId;
    return upd && { U: Math.min(from + 1, s.updateId), u: s.updateId, changes: upd.changes };
  }

  /** The best price of a side (ticks), null when it is empty. */
  best(side: Side): number | null {
    let best: number | null = null;
    for (const t of this.side(side).keys())
      if (best === null || (side === 'buy' ? t > best : t < best)) best = t;
    return best;
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
