/**
 * The matching engine's vocabulary, shared by the reference book and the fast book.
 *
 * Units: prices are integer ticks, quantities integer lots, a quote budget is in tick*lot units (one tick
 * times one lot). The caller converts decimals with MarketRules. Ids are integers the caller assigns.
 * Everything is a plain `number` because every value is bounded well inside the safe-integer range (see
 * ENGINE_LIMITS), which keeps bigint out of the hot path.
 */

export type Side = 'buy' | 'sell';

/**
 * Bounds that make `number` arithmetic exact:
 * - prices are only compared, and a quote budget is only divided by a price and reduced by
 *   `lots * price <= remaining budget`, so both may use the whole safe range;
 * - a level's or a side's lot total is at most MAX_RESTING_ORDERS * MAX_LOTS < 2^52.
 */
export const ENGINE_LIMITS = {
  MAX_ID: Number.MAX_SAFE_INTEGER,
  MAX_PRICE_TICKS: Number.MAX_SAFE_INTEGER,
  MAX_LOTS: 2 ** 32 - 1,
  MAX_QUOTE_BUDGET: Number.MAX_SAFE_INTEGER,
  MAX_RESTING_ORDERS: 2 ** 20,
  MAX_DEPTH_LEVELS: 10_000,
} as const;

export interface LimitCommand {
  type: 'limit';
  orderId: number;
  userId: number;
  side: Side;
  priceTicks: number;
  lots: number;
}

/** Market order for a base quantity: trade up to `lots`, cancel the rest. */
export interface MarketByBaseCommand {
  type: 'market';
  by: 'base';
  orderId: number;
  userId: number;
  side: Side;
  lots: number;
  /**
   * The protection price: the worst price the order may trade at (a buy: the highest, a sell: the
   * lowest). Matching stops before a level beyond it and the rest is cancelled with `PRICE_BAND`.
   * Absent: no limit.
   */
  limitTicks?: number;
}

/**
 * Market order for a quote amount: trade whole lots while their value (priceTicks * lots) fits in
 * `quoteBudget`, best price first; stop at the first level where not even one lot fits. The unspent
 * budget is reported, never rested.
 */
export interface MarketByQuoteCommand {
  type: 'market';
  by: 'quote';
  orderId: number;
  userId: number;
  side: Side;
  quoteBudget: number;
  /** The protection price, as for a market order by base. */
  limitTicks?: number;
}

export type MarketCommand = MarketByBaseCommand | MarketByQuoteCommand;
export type PlaceCommand = LimitCommand | MarketCommand;

export type EngineRejectCode =
  | 'ENGINE_BAD_COMMAND'
  | 'ENGINE_BAD_SIDE'
  | 'ENGINE_BAD_ORDER_ID'
  | 'ENGINE_BAD_USER_ID'
  | 'ENGINE_BAD_PRICE'
  | 'ENGINE_BAD_LOTS'
  | 'ENGINE_BAD_QUOTE'
  | 'ENGINE_DUPLICATE_ID';

/**
 * Why (part of) the taker did not trade and does not rest. `PRICE_BAND`: a market order's next level was
 * beyond its protection price (`limitTicks`). The last three come from the time-in-force rules
 * (time-in-force.ts), never from `place` itself: `IOC_REMAINDER` what an immediate-or-cancel order could
 * not fill at once, `FOK_NOT_FILLED` a fill-or-kill order that could not fill whole (nothing traded),
 * `POST_ONLY` a post-only order that would have traded at once (nothing traded, nothing rests).
 */
export type TakerCancelReason =
  | 'MARKET_REMAINDER'
  | 'SELF_TRADE'
  | 'BOOK_FULL'
  | 'PRICE_BAND'
  | 'IOC_REMAINDER'
  | 'FOK_NOT_FILLED'
  | 'POST_ONLY';

export interface Fill {
  makerOrderId: number;
  makerUserId: number;
  takerOrderId: number;
  priceTicks: number;
  lots: number;
  /** Lots the maker still has on the book after this fill; 0 means it is gone. */
  makerLotsLeft: number;
}

export interface PlaceResult {
  orderId: number;
  /** null when the command was accepted (even if nothing traded). */
  reject: EngineRejectCode | null;
  /** In execution order. Shared and frozen when empty: treat as read-only. */
  fills: readonly Fill[];
  filledLots: number;
  /** Lots of the taker now resting on the book (limit orders only). */
  restingLots: number;
  /** Lots neither filled nor resting (base-quantity orders). */
  cancelledLots: number;
  /** Budget left over (quote-amount market orders; 0 otherwise). */
  unspentQuote: number;
  cancelReason: TakerCancelReason | null;
}

export interface RestingOrder {
  orderId: number;
  userId: number;
  side: Side;
  priceTicks: number;
  lots: number;
}

export type CancelResult = { ok: true; order: RestingOrder } | { ok: false; reject: 'ENGINE_UNKNOWN_ORDER' };

/** [priceTicks, total lots], best price first. */
export type DepthLevel = [priceTicks: number, lots: number];
export interface Depth {
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface SnapshotOrder {
  orderId: number;
  userId: number;
  lots: number;
}
export interface SnapshotLevel {
  priceTicks: number;
  /** Time priority order: first in line first. */
  orders: SnapshotOrder[];
}
/** Canonical state: equal books give deep-equal snapshots, whatever the implementation. */
export interface BookSnapshot {
  bids: SnapshotLevel[];
  asks: SnapshotLevel[];
}

export interface OrderBook {
  place(cmd: PlaceCommand): PlaceResult;
  cancel(orderId: number): CancelResult;
  getOrder(orderId: number): RestingOrder | undefined;
  depth(levels: number): Depth;
  /**
   * Lots a taker of `userId` on `side` would fill now, counting at most `wantLots`: best price first, up
   * to `limitTicks` (the worst price it accepts; undefined: no limit), and only up to the first of its
   * own resting orders, where self-trade prevention would stop it. Read-only (fill-or-kill checks it).
   */
  fillableLots(side: Side, limitTicks: number | undefined, userId: number, wantLots: number): number;
  /** Best prices in ticks, or null when that side is empty. */
  bestBid(): number | null;
  bestAsk(): number | null;
  /** Resting orders on both sides. */
  size(): number;
  /** Throws if an internal invariant is broken; for tests and debugging, O(book). */
  validate(): void;
  snapshot(): BookSnapshot;
}

export interface OrderBookOptions {
  /** Resting orders allowed on the book; a remainder beyond it is cancelled with BOOK_FULL. */
  maxRestingOrders?: number;
}

export class EngineInvariantError extends Error {
  override readonly name = 'EngineInvariantError';
}

export function invariant(condition: unknown, why: string): asserts condition {
  if (!condition) throw new EngineInvariantError(why);
}

/** Like invariant, for call sites that build their message only once the check has failed. */
export function broken(why: string): never {
  throw new EngineInvariantError(why);
}

export const EMPTY_FILLS: readonly Fill[] = Object.freeze([]);

function isId(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isBounded(value: unknown, max: number): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= max;
}

/**
 * Shape and bounds of a command, checked by both books the same way. The duplicate-id check is each
 * book's own (it needs the book). Commands come from our own service, so this is a guard against bugs,
 * but it is cheap and it keeps every number inside the limits the arithmetic relies on.
 */
export function checkCommand(cmd: PlaceCommand): EngineRejectCode | null {
  if (cmd.side !== 'buy' && cmd.side !== 'sell') return 'ENGINE_BAD_SIDE';
  if (!isId(cmd.orderId)) return 'ENGINE_BAD_ORDER_ID';
  if (!isId(cmd.userId)) return 'ENGINE_BAD_USER_ID';
  if (cmd.type === 'limit') {
    if (!isBounded(cmd.priceTicks, ENGINE_LIMITS.MAX_PRICE_TICKS)) return 'ENGINE_BAD_PRICE';
    if (!isBounded(cmd.lots, ENGINE_LIMITS.MAX_LOTS)) return 'ENGINE_BAD_LOTS';
    return null;
  }
  if (cmd.type === 'market') {
    if (cmd.limitTicks !== undefined && !isBounded(cmd.limitTicks, ENGINE_LIMITS.MAX_PRICE_TICKS))
      return 'ENGINE_BAD_PRICE';
    if (cmd.by === 'base') return isBounded(cmd.lots, ENGINE_LIMITS.MAX_LOTS) ? null : 'ENGINE_BAD_LOTS';
    if (cmd.by === 'quote') {
      return isBounded(cmd.quoteBudget, ENGINE_LIMITS.MAX_QUOTE_BUDGET) ? null : 'ENGINE_BAD_QUOTE';
    }
  }
  return 'ENGINE_BAD_COMMAND';
}

export function rejected(orderId: number, reject: EngineRejectCode): PlaceResult {
  return {
    orderId,
    reject,
    fills: EMPTY_FILLS,
    filledLots: 0,
    restingLots: 0,
    cancelledLots: 0,
    unspentQuote: 0,
    cancelReason: null,
  };
}

export function checkDepthLevels(levels: number): void {
  if (!Number.isInteger(levels) || levels < 1 || levels > ENGINE_LIMITS.MAX_DEPTH_LEVELS) {
    throw new RangeError(`depth levels must be an integer in [1, ${ENGINE_LIMITS.MAX_DEPTH_LEVELS}]`);
  }
}

export function checkMaxRestingOrders(max: number | undefined): number {
  const value = max ?? ENGINE_LIMITS.MAX_RESTING_ORDERS;
  if (!Number.isInteger(value) || value < 1 || value > ENGINE_LIMITS.MAX_RESTING_ORDERS) {
    throw new RangeError(`maxRestingOrders must be an integer in [1, ${ENGINE_LIMITS.MAX_RESTING_ORDERS}]`);
  }
  return value;
}

/**
 * Rebuilds a book from a snapshot (or from open orders read back in time order) by placing each order
 * as a limit order. An uncrossed snapshot never matches, so any fill means the input was corrupt.
 */
export function loadSnapshot(book: OrderBook, snapshot: BookSnapshot): void {
  invariant(book.size() === 0, 'loadSnapshot needs an empty book');
  const load = (side: Side, levels: SnapshotLevel[]) => {
    for (const level of levels) {
      for (const o of level.orders) {
        const r = book.place({ type: 'limit', side, priceTicks: level.priceTicks, ...o });
        invariant(r.reject === null, `snapshot order ${o.orderId} rejected: ${r.reject}`);
        invariant(r.restingLots === o.lots, `snapshot order ${o.orderId} did not rest whole (crossed book?)`);
      }
    }
  };
  load('buy', snapshot.bids);
  load('sell', snapshot.asks);
}
