/**
 * The reference book: plain arrays, linear scans, written to be obviously correct rather than fast.
 * The fast book must produce exactly the same results and snapshots (see replay.test.ts).
 */
import {
  EMPTY_FILLS,
  checkCommand,
  checkDepthLevels,
  checkMaxRestingOrders,
  broken,
  invariant,
  rejected,
  type BookSnapshot,
  type CancelResult,
  type Depth,
  type Fill,
  type OrderBook,
  type OrderBookOptions,
  type PlaceCommand,
  type PlaceResult,
  type RestingOrder,
  type Side,
  type TakerCancelReason,
} from './types';

interface RefOrder {
  orderId: number;
  userId: number;
  lots: number;
}

interface RefLevel {
  priceTicks: number;
  orders: RefOrder[];
}

export class ReferenceOrderBook implements OrderBook {
  // Best level first on both sides.
  private readonly bids: RefLevel[] = [];
  private readonly asks: RefLevel[] = [];
  private readonly maxRestingOrders: number;

  constructor(options: OrderBookOptions = {}) {
    this.maxRestingOrders = checkMaxRestingOrders(options.maxRestingOrders);
  }

  place(cmd: PlaceCommand): PlaceResult {
    const bad = checkCommand(cmd);
    if (bad) return rejected(cmd.orderId, bad);
    if (this.getOrder(cmd.orderId)) return rejected(cmd.orderId, 'ENGINE_DUPLICATE_ID');

    const opposite = cmd.side === 'buy' ? this.asks : this.bids;
    const fills: Fill[] = [];
    const isQuote = cmd.type === 'market' && cmd.by === 'quote';
    let lotsLeft = cmd.type === 'market' && cmd.by === 'quote' ? 0 : cmd.lots;
    let budgetLeft = cmd.type === 'market' && cmd.by === 'quote' ? cmd.quoteBudget : 0;
    let filledLots = 0;
    let cancelReason: TakerCancelReason | null = null;
    let isBandStop = false;
    const limit = cmd.type === 'limit' ? cmd.priceTicks : cmd.limitTicks;

    for (;;) {
      const level = opposite[0];
      if (!level) break;
      if (limit !== undefined) {
        const crosses = cmd.side === 'buy' ? level.priceTicks <= limit : level.priceTicks >= limit;
        if (!crosses) {
          isBandStop = cmd.type === 'market';
          break;
        }
      }
      const maker = level.orders[0];
      invariant(maker, 'empty level left on the book');
      const want = isQuote ? Math.floor(budgetLeft / level.priceTicks) : lotsLeft;
      if (want === 0) break;
      if (maker.userId === cmd.userId) {
        cancelReason = 'SELF_TRADE';
        break;
      }
      const lots = Math.min(want, maker.lots);
      maker.lots -= lots;
      filledLots += lots;
      if (isQuote) budgetLeft -= lots * level.priceTicks;
      else lotsLeft -= lots;
      fills.push({
        makerOrderId: maker.orderId,
        makerUserId: maker.userId,
        takerOrderId: cmd.orderId,
        priceTicks: level.priceTicks,
        lots,
        makerLotsLeft: maker.lots,
      });
      if (maker.lots === 0) level.orders.shift();
      if (level.orders.length === 0) opposite.shift();
    }

    let restingLots = 0;
    if (cmd.type === 'limit' && lotsLeft > 0 && cancelReason === null) {
      if (this.size() >= this.maxRestingOrders) {
        cancelReason = 'BOOK_FULL';
      } else {
        this.rest(cmd.side, cmd.priceTicks, { orderId: cmd.orderId, userId: cmd.userId, lots: lotsLeft });
        restingLots = lotsLeft;
        lotsLeft = 0;
      }
    }
    if (cancelReason === null && (lotsLeft > 0 || budgetLeft > 0))
      cancelReason = isBandStop ? 'PRICE_BAND' : 'MARKET_REMAINDER';
    return {
      orderId: cmd.orderId,
      reject: null,
      fills: fills.length > 0 ? fills : EMPTY_FILLS,
      filledLots,
      restingLots,
      cancelledLots: lotsLeft,
      unspentQuote: budgetLeft,
      cancelReason,
    };
  }

  private rest(side: Side, priceTicks: number, order: RefOrder): void {
    const levels = side === 'buy' ? this.bids : this.asks;
    const isBetter = (p: number) => (side === 'buy' ? p > priceTicks : p < priceTicks);
    let i = 0;
    while (i < levels.length && isBetter((levels[i] as RefLevel).priceTicks)) i++;
    const level = levels[i];
    if (level && level.priceTicks === priceTicks) level.orders.push(order);
    else levels.splice(i, 0, { priceTicks, orders: [order] });
  }

  private find(orderId: number): { side: Side; levels: RefLevel[]; li: number; oi: number } | undefined {
    for (const [side, levels] of [
      ['buy', this.bids],
      ['sell', this.asks],
    ] as const) {
      for (let li = 0; li < levels.length; li++) {
        const oi = (levels[li] as RefLevel).orders.findIndex((o) => o.orderId === orderId);
        if (oi >= 0) return { side, levels, li, oi };
      }
    }
    return undefined;
  }

  cancel(orderId: number): CancelResult {
    const found = this.find(orderId);
    if (!found) return { ok: false, reject: 'ENGINE_UNKNOWN_ORDER' };
    const level = found.levels[found.li] as RefLevel;
    const [order] = level.orders.splice(found.oi, 1) as [RefOrder];
    if (level.orders.length === 0) found.levels.splice(found.li, 1);
    return { ok: true, order: { ...order, side: found.side, priceTicks: level.priceTicks } };
  }

  fillableLots(side: Side, limitTicks: number | undefined, userId: number, wantLots: number): number {
    let lots = 0;
    for (const level of side === 'buy' ? this.asks : this.bids) {
      const isBeyond =
        limitTicks !== undefined &&
        (side === 'buy' ? level.priceTicks > limitTicks : level.priceTicks < limitTicks);
      if (isBeyond) break;
      for (const maker of level.orders) {
        if (maker.userId === userId) return Math.min(lots, wantLots);
        lots += maker.lots;
      }
    }
    return Math.min(lots, wantLots);
  }

  getOrder(orderId: number): RestingOrder | undefined {
    const found = this.find(orderId);
    if (!found) return undefined;
    const level = found.levels[found.li] as RefLevel;
    return { ...(level.orders[found.oi] as RefOrder), side: found.side, priceTicks: level.priceTicks };
  }

  depth(levels: number): Depth {
    checkDepthLevels(levels);
    const sum = (l: RefLevel) => l.orders.reduce((s, o) => s + o.lots, 0);
    return {
      bids: this.bids.slice(0, levels).map((l) => [l.priceTicks, sum(l)]),
      asks: this.asks.slice(0, levels).map((l) => [l.priceTicks, sum(l)]),
    };
  }

  bestBid(): number | null {
    return this.bids[0]?.priceTicks ?? null;
  }

  bestAsk(): number | null {
    return this.asks[0]?.priceTicks ?? null;
  }

  size(): number {
    let n = 0;
    for (const l of this.bids) n += l.orders.length;
    for (const l of this.asks) n += l.orders.length;
    return n;
  }

  validate(): void {
    const ids = new Set<number>();
    for (const [levels, isDescending] of [
      [this.bids, true],
      [this.asks, false],
    ] as const) {
      levels.forEach((level, i) => {
        if (level.orders.length === 0) broken(`empty level ${level.priceTicks}`);
        const next = levels[i + 1];
        if (
          next &&
          (isDescending ? next.priceTicks >= level.priceTicks : next.priceTicks <= level.priceTicks)
        ) {
          broken('levels out of order');
        }
        for (const o of level.orders) {
          if (o.lots <= 0 || !Number.isSafeInteger(o.lots)) broken(`order ${o.orderId} has lots ${o.lots}`);
          if (ids.has(o.orderId)) broken(`order ${o.orderId} twice on the book`);
          ids.add(o.orderId);
        }
      });
    }
    const bid = this.bestBid();
    const ask = this.bestAsk();
    if (bid !== null && ask !== null && bid >= ask) broken(`crossed book ${bid} >= ${ask}`);
    invariant(ids.size <= this.maxRestingOrders, 'more resting orders than allowed');
  }

  snapshot(): BookSnapshot {
    const copy = (levels: RefLevel[]) =>
      levels.map((l) => ({ priceTicks: l.priceTicks, orders: l.orders.map((o) => ({ ...o })) }));
    return { bids: copy(this.bids), asks: copy(this.asks) };
  }
}
