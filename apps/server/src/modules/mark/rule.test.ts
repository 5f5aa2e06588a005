/** The mark rule over crafted histories: what one party can and cannot do to it. */
import { describe, expect, it } from 'vitest';
import { moveCostOf, snapshotValues } from './book';
import { markOf, ruleProblem, toTick, type BookSample, type MarkInputs, type TradeSample } from './rule';

const P = (s: string) => BigInt(Math.round(Number(s) * 100)) * 1_000_000n; // 2 decimals at scale 8
const TICK = P('0.01');
const RULE = { windowMs: 15_000, bandBps: 50, tradeWeightBps: 2_000, userCapBps: 2_500 };
const T = 1_000_000;

let id = 1;
const book = (atMs: number, bid: string | null, ask: string | null): BookSample => ({
  id: id++,
  atMs,
  impactBidMinor: bid === null ? null : P(bid),
  impactAskMinor: ask === null ? null : P(ask),
});
const trade = (atMs: number, price: string, quote: string, taker: number): TradeSample => ({
  id: id++,
  atMs,
  priceMinor: P(price),
  quoteMinor: P(quote),
  takerUserId: taker,
});
/** A steady two-sided book 99.99 / 100.01 sampled every second over the window. */
const steady = () => Array.from({ length: 15 }, (_, i) => book(T - i * 1000, '99.99', '100.01'));
const inputs = (p: Partial<MarkInputs>): MarkInputs => ({
  atMs: T,
  books: [],
  bookBefore: null,
  trades: [],
  tradeBefore: null,
  tickMinor: TICK,
  ...p,
});

describe('mark rule', () => {
  const cases: [string, Partial<MarkInputs>, string, string][] = [
    ['a steady book alone', { books: steady() }, '100.00', 'book'],
    [
      // One account prints 1,000,000 USDT at 150.00: clipped to 100.50, weighted 20 % x 25 %.
      'one huge print far above',
      { books: steady(), trades: [trade(T - 150, '150.00', '1000000', 7)] },
      '100.03',
      'book',
    ],
    [
      // A burst of 50 tiny prints by one account at the band's edge: still one account, still 5 %.
      'a burst of tiny prints by one account',
      { books: steady(), trades: Array.from({ length: 50 }, (_, i) => trade(T - i * 10, '101.00', '1', 7)) },
      '100.03',
      'book',
    ],
    [
      // Four accounts trading at 100.20: the trade part reaches its full 20 %.
      'many accounts trading higher',
      { books: steady(), trades: [1, 2, 3, 4].map((u) => trade(T - 1000 * u, '100.20', '500', u)) },
      '100.04',
      'book',
    ],
    [
      // The other side vanished in the last 3 snapshots: they do not count, the rest do.
      'a one-sided book at the end',
      {
        books: [
          ...steady().slice(3),
          book(T, '99.99', null),
          book(T - 1000, null, '100.01'),
          book(T - 2000, '99.99', null),
        ],
      },
      '100.00',
      'book',
    ],
    [
      // A single wild snapshot (someone emptied a side for a moment): clipped to the band, 1/15 of it.
      'one wild snapshot',
      { books: [...steady().slice(1), book(T, '120.00', '130.00')] },
      '100.03',
      'book',
    ],
    [
      'no snapshot in the window: the last book before it',
      { bookBefore: book(T - 20_000, '99.49', '99.51'), trades: [trade(T - 100, '99.60', '10', 7)] },
      '99.51', // 95 % x 99.50 + 5 % x 99.60, half up
      'stale_book',
    ],
    [
      'no book ever: the capped trades, clipped around their median',
      {
        trades: [
          trade(T - 5000, '100.00', '10', 1),
          trade(T - 3000, '100.10', '10', 2),
          trade(T - 100, '150.00', '10', 3),
        ],
      },
      '100.23', // median 100.10, 150.00 clipped to 100.6005, three equal capped weights
      'trades',
    ],
    [
      'no data in the window: the last trade before it',
      { tradeBefore: trade(T - 60_000, '98.00', '1', 1) },
      '98.00',
      'last_trade',
    ],
    ['nothing recorded at all', {}, '0.00', 'none'],
    [
      // Data after T or at the window's open end never count.
      'outside the window does not count',
      {
        books: [
          book(T - 15_000, '50.00', '50.02'),
          book(T + 1, '150.00', '150.02'),
          book(T - 5000, '99.99', '100.01'),
        ],
        trades: [trade(T + 1, '150.00', '1000', 1)],
      },
      '100.00',
      'book',
    ],
  ];
  it.each(cases)('%s', (_name, p, price, method) => {
    const r = markOf(inputs(p), RULE);
    expect(r.method).toBe(method);
    expect(r.priceMinor).toBe(P(price));
  });

  it('a restart in the middle of the window: the snapshots before and after it count, the gap is simply absent', () => {
    // Down from T-11 s to T-4 s: only 8 of the 15 samples exist; the mark is their mean, no error.
    const books = steady().filter((b) => b.atMs > T - 4000 || b.atMs <= T - 11_000);
    const r = markOf(
      inputs({
        books: [
          ...books
            .slice(0, 4)
            .map((b) => ({ ...b, impactBidMinor: P('100.09'), impactAskMinor: P('100.11') })),
          ...books.slice(4),
        ],
      }),
      RULE,
    );
    expect(r.books).toHaveLength(8);
    expect(r.method).toBe('book');
    expect(r.priceMinor).toBe(P('100.05'));
  });

  it('is deterministic and shows its inputs', () => {
    const p = inputs({
      books: steady(),
      trades: [trade(T - 150, '150.00', '1000', 7), trade(T - 100, '100.00', '1000', 8)],
    });
    const a = markOf(p, RULE);
    expect(markOf({ ...p, books: [...p.books].reverse(), trades: [...p.trades].reverse() }, RULE)).toEqual(a);
    expect(a.participants).toEqual([
      { n: 1, volumeMinor: P('1000'), priceMinor: P('100.50'), weightMinor: P('500') },
      { n: 2, volumeMinor: P('1000'), priceMinor: P('100.00'), weightMinor: P('500') },
    ]);
    expect(a.tradeShareBps).toBe(1000);
    expect(a.bandLowMinor).toBe(P('99.50'));
    expect(a.bandHighMinor).toBe(P('100.50'));
  });

  it('rounds to the tick, half up', () => {
    expect(toTick(P('100.005'), TICK)).toBe(P('100.01'));
    expect(toTick(P('100.0049'), TICK)).toBe(P('100.00'));
  });

  it('refuses settings that empty the window or mean nothing', () => {
    const ok = { ...RULE, sampleMs: 1000 };
    expect(ruleProblem(ok)).toBeNull();
    expect(ruleProblem({ ...ok, windowMs: 0 })).toMatch(/window_ms/);
    expect(ruleProblem({ ...ok, windowMs: 2000 })).toMatch(/3 samples/);
    expect(ruleProblem({ ...ok, sampleMs: 20_000 })).toMatch(/sample_ms/);
    expect(ruleProblem({ ...ok, sampleMs: 6000 })).toMatch(/3 samples/);
    expect(ruleProblem({ ...ok, bandBps: 0 })).toMatch(/band_bps/);
    expect(ruleProblem({ ...ok, userCapBps: 0 })).toMatch(/user_cap_bps/);
    expect(ruleProblem({ ...ok, tradeWeightBps: 9000 })).toMatch(/trade_weight_bps/);
  });
});

describe('book snapshot values', () => {
  // Ticks of 0.01 and lots of 0.001 base at scale 8: price = ticks x 10^6, notional = ticks x lots x 10^3.
  const rules = {
    priceOf: (t: number) => BigInt(t) * 1_000_000n,
    notionalOf: (t: number, l: number) => BigInt(t) * BigInt(l) * 1_000n,
  };
  const impact = P('2000');

  it('impact prices need the impact notional on each side; a tiny order inside the spread barely moves them', () => {
    const deep = { bids: [[9999, 30_000] as [number, number]], asks: [[10001, 30_000] as [number, number]] };
    const v = snapshotValues(deep, rules, impact, 50, TICK);
    expect(v.impactBidMinor).toBe(P('99.99'));
    expect(v.impactAskMinor).toBe(P('100.01'));
    expect(v.bidDepthMinor).toBe(P('2999.7'));
    // 0.001 base at 100.009 bid inside the spread: the impact bid moves by its share of 2,000 only.
    const tiny = { ...deep, bids: [[10000, 1] as [number, number], ...deep.bids] };
    const t = snapshotValues(tiny, rules, impact, 50, TICK);
    expect(t.bestBidMinor).toBe(P('100.00'));
    expect(t.impactBidMinor! - P('99.99')).toBeLessThan(10_000n); // < 0.0001
    // A side thinner than the impact notional gives no impact price: the snapshot does not count.
    const thin = { bids: [[9999, 10] as [number, number]], asks: deep.asks };
    expect(snapshotValues(thin, rules, impact, 50, TICK)).toMatchObject({
      impactBidMinor: null,
      bidDepthMinor: 0n,
    });
  });

  it('the cost of moving the mark is half the band on the thinner side', () => {
    expect(moveCostOf(P('150000'), P('100000'), 50)).toBe(P('250'));
  });
});
