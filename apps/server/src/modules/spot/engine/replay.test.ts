import { describe, expect, it } from 'vitest';
import { FastOrderBook } from './fast-book';
import { createRng, type Rng } from './prng';
import { ReferenceOrderBook } from './reference-book';
import type { OrderBook, PlaceCommand, Side } from './types';

type Command = { kind: 'place'; cmd: PlaceCommand } | { kind: 'cancel'; orderId: number };

/**
 * Random commands around a drifting mid price, with few users so self-trades are common, and a target
 * book size so the book neither empties nor grows without bound. `isLive` tells the generator which
 * of the ids it remembers are still resting, so most cancels hit real orders and some hit gone ones.
 */
function* randomCommands(rng: Rng, count: number, isLive: (id: number) => boolean): Generator<Command> {
  let mid = 10_000;
  let nextId = 1;
  const remembered: number[] = [];
  const side = (): Side => (rng.next() < 0.5 ? 'buy' : 'sell');
  // Every other market order carries a protection price a few ticks past the mid (no extra draws).
  const band = (s: Side) =>
    nextId % 2 === 0 ? {} : { limitTicks: s === 'buy' ? mid + (nextId % 7) : mid - (nextId % 7) };
  for (let i = 0; i < count; i++) {
    if (rng.next() < 0.05) mid = Math.max(100, mid + rng.range(-3, 3));
    const userId = rng.range(1, 6);
    const orderId = nextId++;
    const roll = rng.next();
    if (roll < 0.4) {
      // Resting limit: 0..40 ticks behind the mid on its own side.
      const s = side();
      const priceTicks = s === 'buy' ? mid - rng.range(0, 40) : mid + rng.range(0, 40);
      remembered.push(orderId);
      yield {
        kind: 'place',
        cmd: { type: 'limit', orderId, userId, side: s, priceTicks, lots: rng.range(1, 20) },
      };
    } else if (roll < 0.55) {
      // Crossing limit: reaches up to 15 ticks into the other side.
      const s = side();
      const priceTicks = s === 'buy' ? mid + rng.range(0, 15) : mid - rng.range(0, 15);
      remembered.push(orderId);
      yield {
        kind: 'place',
        cmd: { type: 'limit', orderId, userId, side: s, priceTicks, lots: rng.range(1, 60) },
      };
    } else if (roll < 0.61) {
      const s = side();
      yield {
        kind: 'place',
        cmd: { type: 'market', by: 'base', orderId, userId, side: s, lots: rng.range(1, 80), ...band(s) },
      };
    } else if (roll < 0.65) {
      const s = side();
      const quoteBudget = rng.range(1, 80) * mid + rng.range(0, mid);
      yield {
        kind: 'place',
        cmd: { type: 'market', by: 'quote', orderId, userId, side: s, quoteBudget, ...band(s) },
      };
    } else if (roll < 0.93 && remembered.length > 0) {
      // Cancel a remembered id (live or already filled / cancelled); forget it either way.
      const at = rng.int(remembered.length);
      const id = remembered[at] as number;
      remembered[at] = remembered[remembered.length - 1] as number;
      remembered.pop();
      yield { kind: 'cancel', orderId: id };
    } else if (roll < 0.96) {
      yield { kind: 'cancel', orderId: 1_000_000_000 + rng.int(1000) };
    } else if (roll < 0.98 && remembered.length > 0) {
      // Reuse a remembered id: a duplicate when it still rests, a fresh order otherwise.
      const id = remembered[rng.int(remembered.length)] as number;
      yield {
        kind: 'place',
        cmd: { type: 'limit', orderId: id, userId, side: side(), priceTicks: mid, lots: 1 },
      };
    } else {
      // Malformed: must be refused identically and leave the books alone.
      const lots = [0, -1, 1.5, 2 ** 40][rng.int(4)] as number;
      yield { kind: 'place', cmd: { type: 'limit', orderId, userId, side: side(), priceTicks: mid, lots } };
    }
    // Forget ids that are gone, now and then, so the cancel mix stays mostly live.
    if (i % 1000 === 999) {
      for (let j = remembered.length - 1; j >= 0; j--) {
        if (!isLive(remembered[j] as number)) {
          remembered[j] = remembered[remembered.length - 1] as number;
          remembered.pop();
        }
      }
    }
  }
}

function apply(book: OrderBook, c: Command): unknown {
  return c.kind === 'place' ? book.place(c.cmd) : book.cancel(c.orderId);
}

describe('seeded replay: the fast book matches the reference book', () => {
  it.each([[20_240_601], [7]])(
    'seed %i: 100,000 random commands, identical results and books, validated after every command',
    (seed) => {
      const reference = new ReferenceOrderBook();
      const fast = new FastOrderBook();
      const stats = {
        fills: 0,
        selfTrades: 0,
        rests: 0,
        cancels: 0,
        unknownCancels: 0,
        rejects: 0,
        maxSize: 0,
      };
      let n = 0;
      for (const c of randomCommands(createRng(seed), 100_000, (id) => fast.getOrder(id) !== undefined)) {
        n++;
        const want = apply(reference, c);
        const got = apply(fast, c);
        // Stringify first: calling expect 100,000 times costs more than the books do.
        if (JSON.stringify(got) !== JSON.stringify(want)) expect({ n, c, got }).toEqual({ n, c, got: want });
        reference.validate();
        fast.validate();
        if (fast.size() !== reference.size() || fast.bestBid() !== reference.bestBid()) {
          expect({ n, size: fast.size(), bid: fast.bestBid() }).toEqual({
            n,
            size: reference.size(),
            bid: reference.bestBid(),
          });
        }
        if (fast.bestAsk() !== reference.bestAsk())
          expect({ n, ask: fast.bestAsk() }).toEqual({ n, ask: reference.bestAsk() });
        if (n % 50 === 0) expect(fast.snapshot()).toEqual(reference.snapshot());
        if (n % 10 === 0) expect(fast.depth(10)).toEqual(reference.depth(10));
        if (n % 10 === 5) {
          // A fill-or-kill probe (no draws, so the stream stays the same): side, limit, user, lots from n.
          const side: Side = n % 20 === 5 ? 'buy' : 'sell';
          const top = (side === 'buy' ? fast.bestAsk() : fast.bestBid()) ?? 10_000;
          const limit = n % 30 === 5 ? undefined : side === 'buy' ? top + (n % 13) : top - (n % 13);
          const args = [side, limit, (n % 6) + 1, (n % 400) + 1] as const;
          if (fast.fillableLots(...args) !== reference.fillableLots(...args))
            expect({ n, args, got: fast.fillableLots(...args) }).toEqual({
              n,
              args,
              got: reference.fillableLots(...args),
            });
        }
        if (c.kind === 'place') {
          const r = want as ReturnType<OrderBook['place']>;
          stats.fills += r.fills.length;
          if (r.cancelReason === 'SELF_TRADE') stats.selfTrades++;
          if (r.restingLots > 0) stats.rests++;
          if (r.reject !== null) stats.rejects++;
        } else if ((want as ReturnType<OrderBook['cancel']>).ok) stats.cancels++;
        else stats.unknownCancels++;
        stats.maxSize = Math.max(stats.maxSize, reference.size());
      }
      expect(n).toBe(100_000);
      expect(fast.snapshot()).toEqual(reference.snapshot());
      // The stream exercised every path in earnest, not by accident.
      expect(stats.fills).toBeGreaterThan(30_000);
      expect(stats.selfTrades).toBeGreaterThan(1_000);
      expect(stats.rests).toBeGreaterThan(20_000);
      expect(stats.cancels).toBeGreaterThan(10_000);
      expect(stats.unknownCancels).toBeGreaterThan(3_000);
      expect(stats.rejects).toBeGreaterThan(1_000);
      expect(stats.maxSize).toBeGreaterThan(100);
      expect(stats.maxSize).toBeLessThan(5_000);
    },
    60_000,
  );
});
