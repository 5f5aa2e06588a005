/**
 * Time in force and post-only on both books: IOC fills what it can and never rests, FOK fills whole or
 * does nothing (also when the taker's own order would stop it half way), post-only rests or does nothing,
 * and `fillableLots` counts what a taker could fill without changing the book.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FastOrderBook } from './fast-book';
import { ReferenceOrderBook } from './reference-book';
import { placeWithTimeInForce, type TimeInForceOptions } from './time-in-force';
import type { LimitCommand, OrderBook, PlaceCommand, Side } from './types';

const implementations: [string, () => OrderBook][] = [
  ['reference', () => new ReferenceOrderBook()],
  ['fast', () => new FastOrderBook()],
];

let nextId = 1;
const limit = (side: Side, priceTicks: number, lots: number, userId = 1): LimitCommand => ({
  type: 'limit',
  orderId: nextId++,
  userId,
  side,
  priceTicks,
  lots,
});

describe.each(implementations)('time in force on the %s book', (_name, create) => {
  let book: OrderBook;
  afterEach(() => book.validate());

  /** Asks: 2 lots at 100 (user 1), 3 at 101 (user 2), 5 at 103 (user 1). */
  const withAsks = () => {
    book = create();
    for (const [price, lots, user] of [
      [100, 2, 1],
      [101, 3, 2],
      [103, 5, 1],
    ] as const)
      expect(book.place(limit('sell', price, lots, user)).restingLots).toBe(lots);
    return book;
  };
  const tif = (cmd: PlaceCommand, opts: TimeInForceOptions) => placeWithTimeInForce(book, cmd, opts);

  it('counts the fillable lots up to the limit and up to the taker’s own first order, changing nothing', () => {
    withAsks();
    const before = book.snapshot();
    expect(book.fillableLots('buy', 101, 9, 100)).toBe(5);
    expect(book.fillableLots('buy', 101, 9, 4)).toBe(4);
    expect(book.fillableLots('buy', undefined, 9, 100)).toBe(10);
    expect(book.fillableLots('buy', 99, 9, 100)).toBe(0);
    expect(book.fillableLots('buy', undefined, 2, 100)).toBe(2); // user 2's ask at 101 stops it
    expect(book.fillableLots('buy', undefined, 1, 100)).toBe(0);
    expect(book.fillableLots('sell', undefined, 9, 100)).toBe(0);
    expect(book.snapshot()).toEqual(before);
  });

  it('IOC fills what crosses, cancels the rest (IOC_REMAINDER) and never rests', () => {
    withAsks();
    const r = tif(limit('buy', 101, 8, 9), { timeInForce: 'IOC' });
    expect(r).toMatchObject({ reject: null, filledLots: 5, restingLots: 0, cancelledLots: 3 });
    expect(r.cancelReason).toBe('IOC_REMAINDER');
    expect(r.fills.map((f) => [f.priceTicks, f.lots])).toEqual([
      [100, 2],
      [101, 3],
    ]);
    expect(book.bestBid()).toBeNull();
    expect(book.depth(5).asks).toEqual([[103, 5]]);
  });

  it('IOC that fills whole ends without a cancel reason; one that crosses nothing does nothing', () => {
    withAsks();
    expect(tif(limit('buy', 100, 2, 9), { timeInForce: 'IOC' })).toMatchObject({
      filledLots: 2,
      cancelReason: null,
    });
    const none = tif(limit('buy', 99, 2, 9), { timeInForce: 'IOC' });
    expect(none).toMatchObject({ filledLots: 0, restingLots: 0, cancelledLots: 2 });
    expect(none.cancelReason).toBe('IOC_REMAINDER');
    expect(book.bestBid()).toBeNull();
  });

  it('IOC keeps self-trade prevention: it stops before the taker’s own order (SELF_TRADE)', () => {
    withAsks();
    const r = tif(limit('buy', 103, 10, 2), { timeInForce: 'IOC' });
    expect(r).toMatchObject({ filledLots: 2, restingLots: 0, cancelReason: 'SELF_TRADE' });
  });

  it('FOK that cannot fill whole does nothing (FOK_NOT_FILLED); one that can fills whole', () => {
    withAsks();
    const before = book.snapshot();
    const no = tif(limit('buy', 101, 6, 9), { timeInForce: 'FOK' });
    expect(no).toMatchObject({ reject: null, filledLots: 0, restingLots: 0, cancelledLots: 6 });
    expect(no.cancelReason).toBe('FOK_NOT_FILLED');
    expect(no.fills).toHaveLength(0);
    expect(book.snapshot()).toEqual(before);
    const yes = tif(limit('buy', 101, 5, 9), { timeInForce: 'FOK' });
    expect(yes).toMatchObject({ filledLots: 5, restingLots: 0, cancelReason: null });
    expect(book.depth(5).asks).toEqual([[103, 5]]);
  });

  it('FOK the taker’s own order would cut short does nothing, rather than fill in part', () => {
    withAsks();
    const before = book.snapshot();
    // User 2 could take the 2 lots at 100, then meets its own ask at 101.
    expect(tif(limit('buy', 101, 3, 2), { timeInForce: 'FOK' }).cancelReason).toBe('FOK_NOT_FILLED');
    expect(book.snapshot()).toEqual(before);
  });

  it('FOK market orders fill whole within their protection price or do nothing', () => {
    withAsks();
    const market = (lots: number, limitTicks: number): PlaceCommand => ({
      type: 'market',
      by: 'base',
      orderId: nextId++,
      userId: 9,
      side: 'buy',
      lots,
      limitTicks,
    });
    expect(tif(market(6, 101), { timeInForce: 'FOK' }).cancelReason).toBe('FOK_NOT_FILLED');
    expect(book.depth(1).asks).toEqual([[100, 2]]);
    expect(tif(market(6, 103), { timeInForce: 'FOK' })).toMatchObject({ filledLots: 6, cancelReason: null });
  });

  it('post-only rests when it does not cross, and does nothing (POST_ONLY) when it would take', () => {
    withAsks();
    const before = book.snapshot();
    const cross = tif(limit('buy', 100, 1, 9), { postOnly: true });
    expect(cross).toMatchObject({
      filledLots: 0,
      restingLots: 0,
      cancelledLots: 1,
      cancelReason: 'POST_ONLY',
    });
    expect(book.snapshot()).toEqual(before);
    // Crossing the user's own ask is refused too: it would not rest either way.
    expect(tif(limit('buy', 100, 1, 1), { postOnly: true }).cancelReason).toBe('POST_ONLY');
    const rests = tif(limit('buy', 99, 4, 9), { postOnly: true });
    expect(rests).toMatchObject({ filledLots: 0, restingLots: 4, cancelReason: null });
    expect(book.bestBid()).toBe(99);
    expect(tif(limit('sell', 99, 1, 9), { postOnly: true }).cancelReason).toBe('POST_ONLY');
    expect(tif(limit('sell', 100, 1, 9), { postOnly: true }).restingLots).toBe(1);
  });

  it('refuses malformed and duplicate commands the way place does, and bad combinations loudly', () => {
    withAsks();
    const dup = { ...limit('buy', 90, 1, 9) };
    book.place(dup);
    expect(tif(dup, { timeInForce: 'FOK' }).reject).toBe('ENGINE_DUPLICATE_ID');
    expect(tif(limit('buy', 0, 1, 9), { timeInForce: 'IOC' }).reject).toBe('ENGINE_BAD_PRICE');
    expect(() => tif(limit('buy', 90, 1, 9), { timeInForce: 'IOC', postOnly: true })).toThrow(RangeError);
    expect(() =>
      tif(
        { type: 'market', by: 'quote', orderId: nextId++, userId: 9, side: 'buy', quoteBudget: 500 },
        {
          timeInForce: 'FOK',
        },
      ),
    ).toThrow(RangeError);
  });
});
