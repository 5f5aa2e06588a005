import { describe, expect, it } from 'vitest';
import type { OrderState } from '../spot/orders';
import { DepthLadder } from './depth-ladder';

const order = (
  id: number,
  side: 'buy' | 'sell',
  priceTicks: number,
  lots: number,
  status = 1,
): OrderState => ({
  id,
  userId: 1,
  marketId: 1,
  side,
  orderType: 'limit',
  price: BigInt(priceTicks),
  priceTicks,
  amount: BigInt(lots),
  filledAmount: 0n,
  filledQuote: 0n,
  fee: 0n,
  held: 0n,
  status,
  cancelReason: null,
  clientOid: null,
  createdAt: 0,
  updatedAt: 0,
});
const lotsOf = (o: OrderState) => (o.status === 1 ? Number(o.amount - o.filledAmount) : 0);

describe('depth ladder', () => {
  it('turns changed orders into changed levels, one update id each', () => {
    const l = new DepthLadder(10);
    const a = order(1, 'buy', 100, 5);
    const b = order(2, 'buy', 100, 3);
    const c = order(3, 'sell', 105, 2);
    expect(l.apply([a, b, c], lotsOf)).toEqual({
      U: 11,
      u: 12,
      changes: [
        { side: 'buy', ticks: 100, lots: 8 },
        { side: 'sell', ticks: 105, lots: 2 },
      ],
    });
    // A partial fill of one order and the other's cancel at the same level: one level change.
    a.filledAmount = 1n;
    b.status = 3;
    expect(l.apply([a, b], lotsOf)).toEqual({
      U: 13,
      u: 13,
      changes: [{ side: 'buy', ticks: 100, lots: 4 }],
    });
    // A change that leaves every level as it was takes no update id.
    expect(l.apply([a], lotsOf)).toBeNull();
    c.status = 2;
    expect(l.apply([c], lotsOf)).toEqual({ U: 14, u: 14, changes: [{ side: 'sell', ticks: 105, lots: 0 }] });
    expect(l.top(10)).toEqual({ bids: [[100, 4]], asks: [] });
  });

  it('a rebuild from the open orders gives the levels that differ', () => {
    const l = new DepthLadder();
    l.apply([order(1, 'buy', 100, 5), order(2, 'sell', 110, 1), order(3, 'sell', 109, 4)], lotsOf);
    const upd = l.reset([order(1, 'buy', 100, 5), order(3, 'sell', 109, 2), order(4, 'buy', 99, 7)], lotsOf);
    expect(upd?.changes).toEqual(
      expect.arrayContaining([
        { side: 'sell', ticks: 110, lots: 0 },
        { side: 'sell', ticks: 109, lots: 2 },
        { side: 'buy', ticks: 99, lots: 7 },
      ]),
    );
    expect(upd?.changes.length).toBe(3);
    expect(l.top(1)).toEqual({ bids: [[100, 5]], asks: [[109, 2]] });
    expect(l.top(5).bids).toEqual([
      [100, 5],
      [99, 7],
    ]);
  });

  it('a mirror loaded from another ladder’s state follows its batches with the same update ids', () => {
    const owner = new DepthLadder(3);
    owner.apply([order(1, 'buy', 100, 5), order(2, 'sell', 110, 4), order(3, 'buy', 99, 1)], lotsOf);
    const mirror = new DepthLadder();
    mirror.apply([order(9, 'buy', 90, 7)], lotsOf); // stale: replaced by the load
    const upd = mirror.load(owner.state());
    expect(upd?.u).toBe(owner.updateId);
    expect(upd?.changes).toContainEqual({ side: 'buy', ticks: 90, lots: 0 });
    expect(mirror.top(10)).toEqual(owner.top(10));
    const batch = [{ ...order(1, 'buy', 100, 5), filledAmount: 2n }, order(4, 'sell', 108, 1)];
    expect(mirror.apply(batch, lotsOf)).toEqual(owner.apply(batch, lotsOf));
    expect([mirror.updateId, mirror.best('buy'), mirror.best('sell')]).toEqual([owner.updateId, 100, 108]);
    expect(new DepthLadder().best('buy')).toBeNull();
  });
});
