import { afterEach, describe, expect, it } from 'vitest';
import { FastOrderBook } from './fast-book';
import { ReferenceOrderBook } from './reference-book';
import {
  ENGINE_LIMITS,
  loadSnapshot,
  type LimitCommand,
  type MarketCommand,
  type OrderBook,
  type OrderBookOptions,
  type PlaceCommand,
  type Side,
} from './types';

type Factory = (options?: OrderBookOptions) => OrderBook;

const implementations: [string, Factory][] = [
  ['reference', (o) => new ReferenceOrderBook(o)],
  ['fast', (o) => new FastOrderBook(o)],
];

let nextId = 1;
const limit = (
  side: Side,
  priceTicks: number,
  lots: number,
  userId = 1,
  orderId = nextId++,
): LimitCommand => ({
  type: 'limit',
  orderId,
  userId,
  side,
  priceTicks,
  lots,
});
const marketBase = (side: Side, lots: number, userId = 9): MarketCommand => ({
  type: 'market',
  by: 'base',
  orderId: nextId++,
  userId,
  side,
  lots,
});
const marketQuote = (side: Side, quoteBudget: number, userId = 9): MarketCommand => ({
  type: 'market',
  by: 'quote',
  orderId: nextId++,
  userId,
  side,
  quoteBudget,
});

describe.each(implementations)('%s order book', (_name, create) => {
  let book: OrderBook;
  const fresh = (options?: OrderBookOptions) => (book = create(options));
  afterEach(() => book.validate());

  /** Places and expects acceptance; returns the result. */
  const place = (cmd: PlaceCommand) => {
    const r = book.place(cmd);
    expect(r.reject).toBeNull();
    book.validate();
    return r;
  };

  it('starts empty', () => {
    fresh();
    expect(book.size()).toBe(0);
    expect(book.bestBid()).toBeNull();
    expect(book.bestAsk()).toBeNull();
    expect(book.depth(5)).toEqual({ bids: [], asks: [] });
    expect(book.snapshot()).toEqual({ bids: [], asks: [] });
  });

  it('rests non-crossing limits on both sides, best first', () => {
    fresh();
    place(limit('buy', 99, 5));
    place(limit('buy', 100, 1));
    place(limit('buy', 98, 2));
    place(limit('buy', 100, 3));
    place(limit('sell', 102, 4));
    const r = place(limit('sell', 101, 6));
    expect(r).toMatchObject({ fills: [], restingLots: 6, cancelledLots: 0, cancelReason: null });
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBe(101);
    expect(book.size()).toBe(6);
    expect(book.depth(2)).toEqual({
      bids: [
        [100, 4],
        [99, 5],
      ],
      asks: [
        [101, 6],
        [102, 4],
      ],
    });
  });

  it('matches by price first, then time, at the maker price', () => {
    fresh();
    const a = limit('sell', 101, 2, 1);
    const b = limit('sell', 101, 2, 2);
    const c = limit('sell', 100, 1, 3);
    const d = limit('sell', 101, 2, 4);
    [a, b, c, d].forEach(place);
    const taker = limit('buy', 105, 4, 5);
    const r = place(taker);
    expect(r.fills).toEqual([
      {
        makerOrderId: c.orderId,
        makerUserId: 3,
        takerOrderId: taker.orderId,
        priceTicks: 100,
        lots: 1,
        makerLotsLeft: 0,
      },
      {
        makerOrderId: a.orderId,
        makerUserId: 1,
        takerOrderId: taker.orderId,
        priceTicks: 101,
        lots: 2,
        makerLotsLeft: 0,
      },
      {
        makerOrderId: b.orderId,
        makerUserId: 2,
        takerOrderId: taker.orderId,
        priceTicks: 101,
        lots: 1,
        makerLotsLeft: 1,
      },
    ]);
    expect(r).toMatchObject({ filledLots: 4, restingLots: 0, cancelledLots: 0, cancelReason: null });
    // b keeps its place at the head of the level with what is left.
    expect(book.snapshot().asks).toEqual([
      {
        priceTicks: 101,
        orders: [
          { orderId: b.orderId, userId: 2, lots: 1 },
          { orderId: d.orderId, userId: 4, lots: 2 },
        ],
      },
    ]);
    expect(book.getOrder(b.orderId)).toEqual({
      orderId: b.orderId,
      userId: 2,
      side: 'sell',
      priceTicks: 101,
      lots: 1,
    });
  });

  it('stops at the limit price and rests the remainder there', () => {
    fresh();
    place(limit('buy', 100, 3, 1));
    place(limit('buy', 99, 3, 1));
    place(limit('buy', 98, 3, 1));
    const r = place(limit('sell', 99, 10, 2));
    expect(r.fills.map((f) => [f.priceTicks, f.lots])).toEqual([
      [100, 3],
      [99, 3],
    ]);
    expect(r).toMatchObject({ filledLots: 6, restingLots: 4, cancelledLots: 0, cancelReason: null });
    expect(book.bestAsk()).toBe(99);
    expect(book.bestBid()).toBe(98);
  });

  it('fills exactly and removes emptied levels', () => {
    fresh();
    place(limit('sell', 100, 5, 1));
    const r = place(limit('buy', 100, 5, 2));
    expect(r).toMatchObject({ filledLots: 5, restingLots: 0, cancelReason: null });
    expect(r.fills[0]?.makerLotsLeft).toBe(0);
    expect(book.size()).toBe(0);
    expect(book.depth(10)).toEqual({ bids: [], asks: [] });
  });

  describe('market orders', () => {
    it('by base quantity walk the book and cancel the remainder, never resting', () => {
      fresh();
      place(limit('sell', 100, 2, 1));
      place(limit('sell', 105, 2, 1));
      const r = place(marketBase('buy', 10));
      expect(r.fills.map((f) => [f.priceTicks, f.lots])).toEqual([
        [100, 2],
        [105, 2],
      ]);
      expect(r).toMatchObject({
        filledLots: 4,
        restingLots: 0,
        cancelledLots: 6,
        cancelReason: 'MARKET_REMAINDER',
      });
      expect(book.size()).toBe(0);
    });

    it('by base quantity on an empty side trade nothing', () => {
      fresh();
      place(limit('buy', 100, 2, 1));
      const r = place(marketBase('buy', 3));
      expect(r).toMatchObject({
        fills: [],
        filledLots: 0,
        cancelledLots: 3,
        cancelReason: 'MARKET_REMAINDER',
      });
      expect(book.size()).toBe(1);
    });

    it('by base quantity, fully filled, leave no remainder', () => {
      fresh();
      place(limit('buy', 100, 5, 1));
      const r = place(marketBase('sell', 3));
      expect(r).toMatchObject({ filledLots: 3, cancelledLots: 0, cancelReason: null });
      expect(book.depth(1).bids).toEqual([[100, 2]]);
    });

    it('buy by quote amount buys whole lots while they fit, best price first', () => {
      fresh();
      place(limit('sell', 100, 3, 1));
      place(limit('sell', 110, 5, 1));
      place(limit('sell', 120, 5, 1));
      // 3 @ 100 = 300, then 5 @ 110 = 550, then floor(150 / 120) = 1 @ 120, 30 left
      const r = place(marketQuote('buy', 1000));
      expect(r.fills.map((f) => [f.priceTicks, f.lots])).toEqual([
        [100, 3],
        [110, 5],
        [120, 1],
      ]);
      expect(r).toMatchObject({
        filledLots: 9,
        unspentQuote: 30,
        cancelledLots: 0,
        cancelReason: 'MARKET_REMAINDER',
      });
      expect(book.depth(1).asks).toEqual([[120, 4]]);
    });

    it('stop before a level beyond their protection price and cancel the rest (PRICE_BAND)', () => {
      fresh();
      place(limit('sell', 100, 2, 1));
      place(limit('sell', 105, 2, 1));
      place(limit('sell', 106, 2, 1));
      const r = place({ ...marketBase('buy', 10), limitTicks: 105 });
      expect(r.fills.map((f) => [f.priceTicks, f.lots])).toEqual([
        [100, 2],
        [105, 2],
      ]);
      expect(r).toMatchObject({ filledLots: 4, cancelledLots: 6, cancelReason: 'PRICE_BAND' });
      expect(book.depth(1).asks).toEqual([[106, 2]]);
      place(limit('buy', 90, 3, 1));
      const q = place({ ...marketQuote('sell', 1000), limitTicks: 91 });
      expect(q).toMatchObject({ fills: [], unspentQuote: 1000, cancelReason: 'PRICE_BAND' });
      const within = place({ ...marketQuote('buy', 212), limitTicks: 106 });
      expect(within).toMatchObject({ filledLots: 2, unspentQuote: 0, cancelReason: null });
    });

    it('refuse a protection price that is not a positive whole tick', () => {
      fresh();
      expect(book.place({ ...marketBase('buy', 1), limitTicks: 0 }).reject).toBe('ENGINE_BAD_PRICE');
      expect(book.place({ ...marketQuote('buy', 9), limitTicks: 1.5 }).reject).toBe('ENGINE_BAD_PRICE');
    });

    it('by quote amount spent exactly has no remainder', () => {
      fresh();
      place(limit('sell', 100, 10, 1));
      const r = place(marketQuote('buy', 300));
      expect(r).toMatchObject({ filledLots: 3, unspentQuote: 0, cancelReason: null });
    });

    it('by quote amount smaller than one lot trades nothing', () => {
      fresh();
      place(limit('sell', 100, 10, 1));
      const r = place(marketQuote('buy', 99));
      expect(r).toMatchObject({ fills: [], unspentQuote: 99, cancelReason: 'MARKET_REMAINDER' });
    });

    it('sell by quote amount stops at the first level where one lot does not fit', () => {
      fresh();
      place(limit('buy', 100, 1, 1));
      place(limit('buy', 90, 5, 1));
      place(limit('buy', 5, 5, 1));
      // 1 @ 100, 1 @ 90, 10 left: that would buy 2 lots at 5, but the walk stops at 90 where none fits.
      const r = place(marketQuote('sell', 200));
      expect(r.fills.map((f) => [f.priceTicks, f.lots])).toEqual([
        [100, 1],
        [90, 1],
      ]);
      expect(r).toMatchObject({ filledLots: 2, unspentQuote: 10, cancelReason: 'MARKET_REMAINDER' });
      expect(book.depth(3).bids).toEqual([
        [90, 4],
        [5, 5],
      ]);
    });
  });

  describe('cancel', () => {
    it('removes a resting order and returns what was left of it', () => {
      fresh();
      const a = limit('buy', 100, 5, 7);
      place(a);
      place(limit('sell', 100, 2, 8));
      const r = book.cancel(a.orderId);
      expect(r).toEqual({
        ok: true,
        order: { orderId: a.orderId, userId: 7, side: 'buy', priceTicks: 100, lots: 3 },
      });
      expect(book.size()).toBe(0);
      expect(book.bestBid()).toBeNull();
      expect(book.cancel(a.orderId)).toEqual({ ok: false, reject: 'ENGINE_UNKNOWN_ORDER' });
      expect(book.getOrder(a.orderId)).toBeUndefined();
    });

    it('keeps the time order of the others (head, middle, tail)', () => {
      fresh();
      const orders = [1, 2, 3, 4, 5].map((u) => limit('sell', 100, u, u));
      orders.forEach(place);
      for (const i of [2, 0, 4]) {
        expect(book.cancel((orders[i] as LimitCommand).orderId).ok).toBe(true);
        book.validate();
      }
      expect(book.snapshot().asks[0]?.orders.map((o) => o.userId)).toEqual([2, 4]);
      expect(book.depth(1).asks).toEqual([[100, 6]]);
      // The next taker meets them in that order.
      const r = place(limit('buy', 100, 6, 9));
      expect(r.fills.map((f) => f.makerUserId)).toEqual([2, 4]);
    });

    it('of unknown ids is refused and changes nothing', () => {
      fresh();
      place(limit('buy', 100, 5));
      expect(book.cancel(123_456_789)).toEqual({ ok: false, reject: 'ENGINE_UNKNOWN_ORDER' });
      expect(book.cancel(-1)).toEqual({ ok: false, reject: 'ENGINE_UNKNOWN_ORDER' });
      expect(book.size()).toBe(1);
    });

    it('frees an id: a later order may reuse it', () => {
      fresh();
      const a = limit('buy', 100, 5);
      place(a);
      book.cancel(a.orderId);
      place({ ...a, priceTicks: 90 });
      expect(book.getOrder(a.orderId)?.priceTicks).toBe(90);
    });
  });

  describe('self-trade prevention: cancel the taker', () => {
    it('cancels the taker when its own order is next in line, leaving the maker alone', () => {
      fresh();
      const own = limit('sell', 100, 5, 1);
      const other = limit('sell', 100, 5, 2);
      place(own);
      place(other);
      const r = place(limit('buy', 100, 3, 1));
      expect(r).toMatchObject({ fills: [], restingLots: 0, cancelledLots: 3, cancelReason: 'SELF_TRADE' });
      expect(book.getOrder(own.orderId)?.lots).toBe(5);
      expect(book.getOrder(other.orderId)?.lots).toBe(5);
      expect(book.size()).toBe(2);
    });

    it('keeps the fills made before meeting its own order', () => {
      fresh();
      place(limit('sell', 99, 2, 2));
      place(limit('sell', 100, 5, 1));
      place(limit('sell', 100, 5, 3));
      const r = place(limit('buy', 101, 10, 1));
      expect(r.fills.map((f) => [f.makerUserId, f.priceTicks, f.lots])).toEqual([[2, 99, 2]]);
      expect(r).toMatchObject({
        filledLots: 2,
        restingLots: 0,
        cancelledLots: 8,
        cancelReason: 'SELF_TRADE',
      });
      expect(book.bestBid()).toBeNull();
      expect(book.bestAsk()).toBe(100);
    });

    it('applies to market orders, by base and by quote', () => {
      fresh();
      place(limit('buy', 100, 5, 4));
      expect(place(marketBase('sell', 2, 4))).toMatchObject({
        fills: [],
        cancelledLots: 2,
        cancelReason: 'SELF_TRADE',
      });
      expect(place(marketQuote('sell', 500, 4))).toMatchObject({
        fills: [],
        unspentQuote: 500,
        cancelReason: 'SELF_TRADE',
      });
    });

    it('does not fire when the quote budget cannot buy a lot anyway', () => {
      fresh();
      place(limit('sell', 100, 5, 4));
      expect(place(marketQuote('buy', 50, 4))).toMatchObject({ cancelReason: 'MARKET_REMAINDER' });
    });

    it('does not fire for orders that do not cross', () => {
      fresh();
      place(limit('sell', 101, 5, 1));
      const r = place(limit('buy', 100, 5, 1));
      expect(r).toMatchObject({ restingLots: 5, cancelReason: null });
    });
  });

  describe('book limits', () => {
    it('cancels a remainder that would exceed maxRestingOrders, keeping its fills', () => {
      fresh({ maxRestingOrders: 2 });
      place(limit('sell', 100, 1, 1));
      place(limit('sell', 101, 1, 1));
      const r = place(limit('buy', 100, 3, 2));
      expect(r).toMatchObject({ filledLots: 1, restingLots: 2, cancelReason: null });
      const full = place(limit('buy', 90, 3, 2));
      expect(full).toMatchObject({ restingLots: 0, cancelledLots: 3, cancelReason: 'BOOK_FULL' });
      expect(book.size()).toBe(2);
    });

    it('refuses bad options', () => {
      expect(() => create({ maxRestingOrders: 0 })).toThrow(RangeError);
      expect(() => create({ maxRestingOrders: ENGINE_LIMITS.MAX_RESTING_ORDERS + 1 })).toThrow(RangeError);
      fresh();
    });

    it('accepts the largest values the limits allow', () => {
      fresh();
      const max = ENGINE_LIMITS.MAX_PRICE_TICKS;
      place(limit('sell', max, ENGINE_LIMITS.MAX_LOTS, 1));
      place(limit('sell', max - 1, ENGINE_LIMITS.MAX_LOTS, 2));
      const r = place(marketQuote('buy', ENGINE_LIMITS.MAX_QUOTE_BUDGET, 3));
      // floor((2^53 - 1) / (2^53 - 2)) = 1 lot, leaving 1, which buys nothing more.
      expect(r.fills.map((f) => f.lots)).toEqual([1]);
      expect(r.unspentQuote).toBe(1);
      expect(book.depth(2).asks).toEqual([
        [max - 1, ENGINE_LIMITS.MAX_LOTS - 1],
        [max, ENGINE_LIMITS.MAX_LOTS],
      ]);
    });
  });

  describe('rejects bad commands without touching the book', () => {
    const good = {
      type: 'limit',
      orderId: 1_000_000,
      userId: 1,
      side: 'buy',
      priceTicks: 100,
      lots: 1,
    } as const;
    const cases: [string, unknown, string][] = [
      ['side', { ...good, side: 'long' }, 'ENGINE_BAD_SIDE'],
      ['type', { ...good, type: 'stop' }, 'ENGINE_BAD_COMMAND'],
      ['market by', { ...good, type: 'market', by: 'both' }, 'ENGINE_BAD_COMMAND'],
      ['order id negative', { ...good, orderId: -1 }, 'ENGINE_BAD_ORDER_ID'],
      ['order id fraction', { ...good, orderId: 1.5 }, 'ENGINE_BAD_ORDER_ID'],
      ['order id unsafe', { ...good, orderId: 2 ** 53 }, 'ENGINE_BAD_ORDER_ID'],
      ['order id string', { ...good, orderId: '7' }, 'ENGINE_BAD_ORDER_ID'],
      ['user id NaN', { ...good, userId: Number.NaN }, 'ENGINE_BAD_USER_ID'],
      ['price 0', { ...good, priceTicks: 0 }, 'ENGINE_BAD_PRICE'],
      ['price negative', { ...good, priceTicks: -5 }, 'ENGINE_BAD_PRICE'],
      ['price fraction', { ...good, priceTicks: 100.5 }, 'ENGINE_BAD_PRICE'],
      ['price Infinity', { ...good, priceTicks: Infinity }, 'ENGINE_BAD_PRICE'],
      ['lots 0', { ...good, lots: 0 }, 'ENGINE_BAD_LOTS'],
      ['lots fraction', { ...good, lots: 0.5 }, 'ENGINE_BAD_LOTS'],
      ['lots too many', { ...good, lots: ENGINE_LIMITS.MAX_LOTS + 1 }, 'ENGINE_BAD_LOTS'],
      ['lots bigint', { ...good, lots: 1n }, 'ENGINE_BAD_LOTS'],
      ['market lots 0', { ...good, type: 'market', by: 'base', lots: 0 }, 'ENGINE_BAD_LOTS'],
      ['market budget 0', { ...good, type: 'market', by: 'quote', quoteBudget: 0 }, 'ENGINE_BAD_QUOTE'],
      [
        'market budget unsafe',
        { ...good, type: 'market', by: 'quote', quoteBudget: 2 ** 53 },
        'ENGINE_BAD_QUOTE',
      ],
    ];
    it.each(cases)('%s', (_label, cmd, code) => {
      fresh();
      place(limit('sell', 100, 1, 2));
      const before = book.snapshot();
      const r = book.place(cmd as PlaceCommand);
      expect(r).toMatchObject({ reject: code, fills: [], filledLots: 0, restingLots: 0 });
      expect(book.snapshot()).toEqual(before);
    });

    it('duplicate ids of resting orders, for limits and market orders', () => {
      fresh();
      const a = limit('sell', 100, 1, 2);
      place(a);
      expect(book.place({ ...a, side: 'buy', priceTicks: 100 }).reject).toBe('ENGINE_DUPLICATE_ID');
      expect(
        book.place({ type: 'market', by: 'base', orderId: a.orderId, userId: 3, side: 'buy', lots: 1 })
          .reject,
      ).toBe('ENGINE_DUPLICATE_ID');
      expect(book.getOrder(a.orderId)?.lots).toBe(1);
    });
  });

  it('depth aggregates levels, is bounded, and refuses silly sizes', () => {
    fresh();
    for (let p = 1; p <= 30; p++) place(limit('buy', p, p));
    expect(book.depth(3).bids).toEqual([
      [30, 30],
      [29, 29],
      [28, 28],
    ]);
    expect(book.depth(100).bids).toHaveLength(30);
    expect(() => book.depth(0)).toThrow(RangeError);
    expect(() => book.depth(ENGINE_LIMITS.MAX_DEPTH_LEVELS + 1)).toThrow(RangeError);
    expect(() => book.depth(1.5)).toThrow(RangeError);
  });

  it('rebuilds from a snapshot into the same book', () => {
    fresh();
    place(limit('buy', 100, 1, 1));
    place(limit('buy', 100, 2, 2));
    place(limit('buy', 98, 3, 3));
    place(limit('sell', 103, 4, 1));
    place(limit('sell', 103, 5, 4));
    place(limit('sell', 101, 6, 5));
    const snap = book.snapshot();
    for (const [, other] of implementations) {
      const copy = other();
      loadSnapshot(copy, snap);
      copy.validate();
      expect(copy.snapshot()).toEqual(snap);
    }
    expect(() => loadSnapshot(book, snap)).toThrow();
  });

  it('grows past its initial capacity and reuses freed slots', () => {
    fresh();
    const ids: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const cmd = limit(i % 2 ? 'buy' : 'sell', i % 2 ? 2000 - (i % 1500) - 1 : 2000 + (i % 1500) + 1, 1, i);
      expect(book.place(cmd).restingLots).toBe(1); // validated once below, not per order: O(n^2)
      ids.push(cmd.orderId);
    }
    expect(book.size()).toBe(5000);
    for (const id of ids.slice(0, 2500)) expect(book.cancel(id).ok).toBe(true);
    book.validate();
    for (let i = 0; i < 2500; i++) expect(book.place(limit('sell', 5000 + i, 1, 1)).restingLots).toBe(1);
    book.validate();
    expect(book.size()).toBe(5000);
    const r = place(marketBase('buy', 10_000, 99_999));
    expect(r.filledLots).toBe(1250 + 2500); // every ask; bids untouched
    expect(book.bestAsk()).toBeNull();
  });
});
