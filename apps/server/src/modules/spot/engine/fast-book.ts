/**
 * The fast book. Same behaviour as ReferenceOrderBook, laid out for speed:
 * - orders live in a struct-of-arrays pool (typed arrays indexed by slot), each price level is an
 *   intrusive doubly-linked FIFO through that pool, and a Map id -> slot makes cancel O(1) apart from
 *   removing an emptied level;
 * - levels live in a second pool; each side keeps its level slots in an array sorted so the BEST level is
 *   LAST (bids by price, asks by -price), so consuming the top of book pops from the end and a binary
 *   search on a Float64Array of keys finds where a new level goes;
 * - nothing in place()/cancel() allocates except the result objects and one object per fill.
 */
import {
  EMPTY_FILLS,
  ENGINE_LIMITS,
  checkCommand,
  checkDepthLevels,
  checkMaxRestingOrders,
  broken,
  invariant,
  rejected,
  type BookSnapshot,
  type CancelResult,
  type Depth,
  type DepthLevel,
  type Fill,
  type OrderBook,
  type OrderBookOptions,
  type PlaceCommand,
  type PlaceResult,
  type RestingOrder,
  type SnapshotLevel,
  type TakerCancelReason,
} from './types';
import { SideLadder } from './side-ladder';

const NIL = -1;
const BUY = 0;
const SELL = 1;
const INITIAL_CAPACITY = 1024;

const UNKNOWN_ORDER: CancelResult = Object.freeze({ ok: false, reject: 'ENGINE_UNKNOWN_ORDER' });

export class FastOrderBook implements OrderBook {
  private readonly maxRestingOrders: number;
  private readonly index = new Map<number, number>();

  // Order pool. A free slot is chained through orderNext.
  private orderCapacity = INITIAL_CAPACITY;
  private orderId = new Float64Array(INITIAL_CAPACITY);
  private orderUser = new Float64Array(INITIAL_CAPACITY);
  private orderLots = new Float64Array(INITIAL_CAPACITY);
  private orderNext = new Int32Array(INITIAL_CAPACITY);
  private orderPrev = new Int32Array(INITIAL_CAPACITY);
  private orderLevel = new Int32Array(INITIAL_CAPACITY);
  private orderFree = NIL;
  private orderHighWater = 0;

  // Level pool. A free slot is chained through levelHead.
  private levelCapacity = INITIAL_CAPACITY;
  private levelPrice = new Float64Array(INITIAL_CAPACITY);
  private levelLots = new Float64Array(INITIAL_CAPACITY);
  private levelCount = new Int32Array(INITIAL_CAPACITY);
  private levelHead = new Int32Array(INITIAL_CAPACITY);
  private levelTail = new Int32Array(INITIAL_CAPACITY);
  private levelSide = new Uint8Array(INITIAL_CAPACITY);
  private levelFree = NIL;
  private levelHighWater = 0;

  private readonly bids = new SideLadder();
  private readonly asks = new SideLadder();

  constructor(options: OrderBookOptions = {}) {
    this.maxRestingOrders = checkMaxRestingOrders(options.maxRestingOrders);
  }

  place(cmd: PlaceCommand): PlaceResult {
    const bad = checkCommand(cmd);
    if (bad !== null) return rejected(cmd.orderId, bad);
    const takerId = cmd.orderId;
    if (this.index.has(takerId)) return rejected(takerId, 'ENGINE_DUPLICATE_ID');

    const isBuy = cmd.side === 'buy';
    const ladder = isBuy ? this.asks : this.bids;
    const takerUser = cmd.userId;
    const isLimit = cmd.type === 'limit';
    const isQuote = cmd.type === 'market' && cmd.by === 'quote';
    let lotsLeft = 0;
    let budgetLeft = 0;
    if (cmd.type === 'market' && cmd.by === 'quote') budgetLeft = cmd.quoteBudget;
    else lotsLeft = cmd.lots;
    // For a buy, an ask level crosses when price <= limit; for a sell, a bid crosses when price >= limit.
    // A market order's protection price acts as the limit; beyond it the rest is cancelled (PRICE_BAND).
    const limit = isLimit ? cmd.priceTicks : (cmd.limitTicks ?? (isBuy ? Infinity : -Infinity));
    let isBandStop = false;
    let filledLots = 0;
    let cancelReason: TakerCancelReason | null = null;
    let fills: Fill[] | null = null;

    const orderLots = this.orderLots;
    const orderUser = this.orderUser;
    const orderNext = this.orderNext;
    const levelLots = this.levelLots;
    const levelHead = this.levelHead;

    match: while (ladder.length > 0) {
      const levelIndex = ladder.length - 1;
      const level = ladder.levels[levelIndex] as number;
      const price = this.levelPrice[level] as number;
      if (isBuy ? price > limit : price < limit) {
        isBandStop = !isLimit;
        break;
      }
      let slot = levelHead[level] as number;
      while (slot !== NIL) {
        const want = isQuote ? Math.floor(budgetLeft / price) : lotsLeft;
        if (want === 0) break match;
        if (orderUser[slot] === takerUser) {
          cancelReason = 'SELF_TRADE';
          break match;
        }
        const makerLots = orderLots[slot] as number;
        const lots = want < makerLots ? want : makerLots;
        const makerLeft = makerLots - lots;
        filledLots += lots;
        if (isQuote) budgetLeft -= lots * price;
        else lotsLeft -= lots;
        levelLots[level] = (levelLots[level] as number) - lots;
        const fill: Fill = {
          makerOrderId: this.orderId[slot] as number,
          makerUserId: orderUser[slot] as number,
          takerOrderId: takerId,
          priceTicks: price,
          lots,
          makerLotsLeft: makerLeft,
        };
        if (fills === null) fills = [fill];
        else fills.push(fill);
        if (makerLeft > 0) {
          orderLots[slot] = makerLeft;
          // The taker is exhausted (a maker with lots left means want < makerLots).
          break match;
        }
        const next = orderNext[slot] as number;
        this.index.delete(fill.makerOrderId);
        this.freeOrder(slot);
        this.levelCount[level] = (this.levelCount[level] as number) - 1;
        levelHead[level] = next;
        if (next === NIL) {
          this.levelTail[level] = NIL;
          ladder.length = levelIndex;
          this.freeLevel(level);
        } else {
          this.orderPrev[next] = NIL;
        }
        slot = next;
      }
    }

    let restingLots = 0;
    if (isLimit && lotsLeft > 0 && cancelReason === null) {
      if (this.index.size >= this.maxRestingOrders) {
        cancelReason = 'BOOK_FULL';
      } else {
        this.rest(isBuy ? BUY : SELL, cmd.priceTicks, takerId, takerUser, lotsLeft);
        restingLots = lotsLeft;
        lotsLeft = 0;
      }
    }
    if (cancelReason === null && (lotsLeft > 0 || budgetLeft > 0))
      cancelReason = isBandStop ? 'PRICE_BAND' : 'MARKET_REMAINDER';
    return {
      orderId: takerId,
      reject: null,
      fills: fills === null ? EMPTY_FILLS : fills,
      filledLots,
      restingLots,
      cancelledLots: lotsLeft,
      unspentQuote: budgetLeft,
      cancelReason,
    };
  }

  private rest(side: number, price: number, orderId: number, userId: number, lots: number): void {
    const ladder = side === BUY ? this.bids : this.asks;
    const key = side === BUY ? price : -price;
    let level: number;
    // New orders usually land at or near the top of book, which is the end of the ladder.
    const top = ladder.length - 1;
    if (top >= 0 && ladder.keys[top] === key) {
      level = ladder.levels[top] as number;
    } else {
      const at = top >= 0 && (ladder.keys[top] as number) < key ? ladder.length : ladder.lowerBound(key);
      if (at < ladder.length && ladder.keys[at] === key) {
        level = ladder.levels[at] as number;
      } else {
        level = this.allocLevel(side, price);
        ladder.insertAt(at, key, level);
      }
    }
    const slot = this.allocOrder();
    this.orderId[slot] = orderId;
    this.orderUser[slot] = userId;
    this.orderLots[slot] = lots;
    this.orderLevel[slot] = level;
    this.orderNext[slot] = NIL;
    const tail = this.levelTail[level] as number;
    this.orderPrev[slot] = tail;
    if (tail === NIL) this.levelHead[level] = slot;
    else this.orderNext[tail] = slot;
    this.levelTail[level] = slot;
    this.levelCount[level] = (this.levelCount[level] as number) + 1;
    this.levelLots[level] = (this.levelLots[level] as number) + lots;
    this.index.set(orderId, slot);
  }

  cancel(orderId: number): CancelResult {
    const slot = this.index.get(orderId);
    if (slot === undefined) return UNKNOWN_ORDER;
    const level = this.orderLevel[slot] as number;
    const side = this.levelSide[level] as number;
    const price = this.levelPrice[level] as number;
    const lots = this.orderLots[slot] as number;
    const userId = this.orderUser[slot] as number;
    const prev = this.orderPrev[slot] as number;
    const next = this.orderNext[slot] as number;
    if (prev === NIL) this.levelHead[level] = next;
    else this.orderNext[prev] = next;
    if (next === NIL) this.levelTail[level] = prev;
    else this.orderPrev[next] = prev;
    this.levelLots[level] = (this.levelLots[level] as number) - lots;
    const count = (this.levelCount[level] as number) - 1;
    this.levelCount[level] = count;
    this.index.delete(orderId);
    this.freeOrder(slot);
    if (count === 0) {
      const ladder = side === BUY ? this.bids : this.asks;
      const key = side === BUY ? price : -price;
      const top = ladder.length - 1;
      const at = ladder.keys[top] === key ? top : ladder.lowerBound(key);
      ladder.removeAt(at);
      this.freeLevel(level);
    }
    return {
      ok: true,
      order: { orderId, userId, side: side === BUY ? 'buy' : 'sell', priceTicks: price, lots },
    };
  }

  fillableLots(
    side: 'buy' | 'sell',
    limitTicks: number | undefined,
    userId: number,
    wantLots: number,
  ): number {
    const isBuy = side === 'buy';
    const ladder = isBuy ? this.asks : this.bids;
    const limit = limitTicks ?? (isBuy ? Infinity : -Infinity);
    let lots = 0;
    for (let i = ladder.length - 1; i >= 0 && lots < wantLots; i--) {
      const level = ladder.levels[i] as number;
      const price = this.levelPrice[level] as number;
      if (isBuy ? price > limit : price < limit) break;
      for (
        let s = this.levelHead[level] as number;
        s !== NIL && lots < wantLots;
        s = this.orderNext[s] as number
      ) {
        if (this.orderUser[s] === userId) return lots;
        lots += this.orderLots[s] as number;
      }
    }
    return Math.min(lots, wantLots);
  }

  getOrder(orderId: number): RestingOrder | undefined {
    const slot = this.index.get(orderId);
    if (slot === undefined) return undefined;
    const level = this.orderLevel[slot] as number;
    return {
      orderId,
      userId: this.orderUser[slot] as number,
      side: this.levelSide[level] === BUY ? 'buy' : 'sell',
      priceTicks: this.levelPrice[level] as number,
      lots: this.orderLots[slot] as number,
    };
  }

  depth(levels: number): Depth {
    checkDepthLevels(levels);
    const side = (ladder: SideLadder): DepthLevel[] => {
      const out: DepthLevel[] = [];
      for (let i = ladder.length - 1; i >= 0 && out.length < levels; i--) {
        const level = ladder.levels[i] as number;
        out.push([this.levelPrice[level] as number, this.levelLots[level] as number]);
      }
      return out;
    };
    return { bids: side(this.bids), asks: side(this.asks) };
  }

  bestBid(): number | null {
    const n = this.bids.length;
    return n === 0 ? null : (this.levelPrice[this.bids.levels[n - 1] as number] as number);
  }

  bestAsk(): number | null {
    const n = this.asks.length;
    return n === 0 ? null : (this.levelPrice[this.asks.levels[n - 1] as number] as number);
  }

  size(): number {
    return this.index.size;
  }

  snapshot(): BookSnapshot {
    const side = (ladder: SideLadder): SnapshotLevel[] => {
      const out: SnapshotLevel[] = [];
      for (let i = ladder.length - 1; i >= 0; i--) {
        const level = ladder.levels[i] as number;
        const orders = [];
        for (let s = this.levelHead[level] as number; s !== NIL; s = this.orderNext[s] as number) {
          orders.push({
            orderId: this.orderId[s] as number,
            userId: this.orderUser[s] as number,
            lots: this.orderLots[s] as number,
          });
        }
        out.push({ priceTicks: this.levelPrice[level] as number, orders });
      }
      return out;
    };
    return { bids: side(this.bids), asks: side(this.asks) };
  }

  validate(): void {
    const seenSlots = new Set<number>();
    let levelsInUse = 0;
    for (const [ladder, side] of [
      [this.bids, BUY],
      [this.asks, SELL],
    ] as const) {
      invariant(ladder.length >= 0 && ladder.length <= ladder.levels.length, 'ladder length out of range');
      for (let i = 0; i < ladder.length; i++) {
        const level = ladder.levels[i] as number;
        levelsInUse++;
        if (level < 0 || level >= this.levelHighWater) broken(`ladder points at level slot ${level}`);
        const price = this.levelPrice[level] as number;
        if (this.levelSide[level] !== side) broken(`level ${price} on the wrong side`);
        if (ladder.keys[i] !== (side === BUY ? price : -price)) broken(`level ${price} has a stale key`);
        if (i > 0 && (ladder.keys[i - 1] as number) >= (ladder.keys[i] as number))
          broken('ladder not sorted');
        if (!Number.isSafeInteger(price) || price <= 0) broken(`level price ${price}`);
        let count = 0;
        let lots = 0;
        let prev = NIL;
        for (let s = this.levelHead[level] as number; s !== NIL; s = this.orderNext[s] as number) {
          if (s < 0 || s >= this.orderHighWater) broken(`level ${price} links to slot ${s}`);
          if (seenSlots.has(s)) broken(`slot ${s} linked twice`);
          seenSlots.add(s);
          if (this.orderPrev[s] !== prev) broken(`slot ${s} has a broken prev link`);
          if (this.orderLevel[s] !== level) broken(`slot ${s} points at the wrong level`);
          const id = this.orderId[s] as number;
          if (this.index.get(id) !== s) broken(`order ${id} missing from the index`);
          const orderLots = this.orderLots[s] as number;
          if (!Number.isSafeInteger(orderLots) || orderLots <= 0 || orderLots > ENGINE_LIMITS.MAX_LOTS) {
            broken(`order ${id} has lots ${orderLots}`);
          }
          count++;
          lots += orderLots;
          prev = s;
        }
        if (count === 0) broken(`empty level ${price} left on the ladder`);
        if (this.levelTail[level] !== prev) broken(`level ${price} tail is wrong`);
        if (this.levelCount[level] !== count)
          broken(`level ${price} count ${this.levelCount[level]} != ${count}`);
        if (this.levelLots[level] !== lots) broken(`level ${price} lots ${this.levelLots[level]} != ${lots}`);
      }
    }
    if (seenSlots.size !== this.index.size)
      broken(`index has ${this.index.size} ids, book ${seenSlots.size}`);
    invariant(this.index.size <= this.maxRestingOrders, 'more resting orders than allowed');
    // Every slot is either in use or on the free list, never both.
    let freeOrders = 0;
    for (let s = this.orderFree; s !== NIL; s = this.orderNext[s] as number) {
      if (seenSlots.has(s)) broken(`slot ${s} is both free and in use`);
      invariant(++freeOrders <= this.orderHighWater, 'order free list loops');
    }
    invariant(freeOrders + seenSlots.size === this.orderHighWater, 'order slots leaked');
    let freeLevels = 0;
    for (let l = this.levelFree; l !== NIL; l = this.levelHead[l] as number) {
      invariant(++freeLevels <= this.levelHighWater, 'level free list loops');
    }
    invariant(freeLevels + levelsInUse === this.levelHighWater, 'level slots leaked');
    const bid = this.bestBid();
    const ask = this.bestAsk();
    if (bid !== null && ask !== null && bid >= ask) broken(`crossed book ${bid} >= ${ask}`);
  }

  private allocOrder(): number {
    const free = this.orderFree;
    if (free !== NIL) {
      this.orderFree = this.orderNext[free] as number;
      return free;
    }
    if (this.orderHighWater === this.orderCapacity) this.growOrders();
    return this.orderHighWater++;
  }

  private freeOrder(slot: number): void {
    this.orderNext[slot] = this.orderFree;
    this.orderFree = slot;
  }

  private allocLevel(side: number, price: number): number {
    let level = this.levelFree;
    if (level !== NIL) {
      this.levelFree = this.levelHead[level] as number;
    } else {
      if (this.levelHighWater === this.levelCapacity) this.growLevels();
      level = this.levelHighWater++;
    }
    this.levelPrice[level] = price;
    this.levelSide[level] = side;
    this.levelLots[level] = 0;
    this.levelCount[level] = 0;
    this.levelHead[level] = NIL;
    this.levelTail[level] = NIL;
    return level;
  }

  private freeLevel(level: number): void {
    this.levelHead[level] = this.levelFree;
    this.levelFree = level;
  }

  private growOrders(): void {
    const n = this.orderCapacity * 2;
    this.orderId = grow(this.orderId, new Float64Array(n));
    this.orderUser = grow(this.orderUser, new Float64Array(n));
    this.orderLots = grow(this.orderLots, new Float64Array(n));
    this.orderNext = grow(this.orderNext, new Int32Array(n));
    this.orderPrev = grow(this.orderPrev, new Int32Array(n));
    this.orderLevel = grow(this.orderLevel, new Int32Array(n));
    this.orderCapacity = n;
  }

  private growLevels(): void {
    const n = this.levelCapacity * 2;
    this.levelPrice = grow(this.levelPrice, new Float64Array(n));
    this.levelLots = grow(this.levelLots, new Float64Array(n));
    this.levelCount = grow(this.levelCount, new Int32Array(n));
    this.levelHead = grow(this.levelHead, new Int32Array(n));
    this.levelTail = grow(this.levelTail, new Int32Array(n));
    this.levelSide = grow(this.levelSide, new Uint8Array(n));
    this.levelCapacity = n;
  }
}

function grow<T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
