/**
 * From a committed book (price levels in ticks and lots, best first) to what a snapshot records: best
 * prices, impact prices and the depth within the band. Pure; the sampler (sampler.ts) feeds it the spot
 * publisher's committed depth.
 *
 * Impact price of a side: the quote-weighted average price of the first `impactQuoteMinor` of quote
 * value resting on that side, best price first (null when the side holds less). A tiny order inside the
 * spread moves it by its share of the impact notional only, which is what makes the mid costly to move.
 */
import { toTick } from './rule';

export interface LevelSource {
  bids: [number, number][];
  asks: [number, number][];
}

export interface PriceRules {
  priceOf(ticks: number): bigint;
  notionalOf(ticks: number, lots: number): bigint;
}

export interface SnapshotValues {
  bestBidMinor: bigint | null;
  bestAskMinor: bigint | null;
  impactBidMinor: bigint | null;
  impactAskMinor: bigint | null;
  bidDepthMinor: bigint;
  askDepthMinor: bigint;
}

function impactOf(levels: [number, number][], rules: PriceRules, impactQuote: bigint): bigint | null {
  if (impactQuote <= 0n) return null;
  let left = impactQuote;
  let pq = 0n;
  for (const [ticks, lots] of levels) {
    const price = rules.priceOf(ticks);
    const q = rules.notionalOf(ticks, lots);
    const take = q < left ? q : left;
    pq += price * take;
    left -= take;
    if (left === 0n) return pq / impactQuote;
  }
  return null;
}

export function snapshotValues(
  book: LevelSource,
  rules: PriceRules,
  impactQuoteMinor: bigint,
  bandBps: number,
  tickMinor: bigint,
): SnapshotValues {
  const bestBid = book.bids[0];
  const bestAsk = book.asks[0];
  const impactBid = impactOf(book.bids, rules, impactQuoteMinor);
  const impactAsk = impactOf(book.asks, rules, impactQuoteMinor);
  let bidDepth = 0n;
  let askDepth = 0n;
  if (impactBid !== null && impactAsk !== null) {
    const mid = toTick((impactBid + impactAsk) / 2n, tickMinor);
    const d = (mid * BigInt(bandBps)) / 10_000n;
    for (const [t, l] of book.bids) if (rules.priceOf(t) >= mid - d) bidDepth += rules.notionalOf(t, l);
    for (const [t, l] of book.asks) if (rules.priceOf(t) <= mid + d) askDepth += rules.notionalOf(t, l);
  }
  return {
    bestBidMinor: bestBid ? rules.priceOf(bestBid[0]) : null,
    bestAskMinor: bestAsk ? rules.priceOf(bestAsk[0]) : null,
    impactBidMinor: impactBid,
    impactAskMinor: impactAsk,
    bidDepthMinor: bidDepth,
    askDepthMinor: askDepth,
  };
}

/**
 * What it costs at least to move the mark by its band: pushing the book's thinner side (within the
 * band) out of the way and trading it back later loses about half the band on that value.
 */
export function moveCostOf(bidDepthMinor: bigint, askDepthMinor: bigint, bandBps: number): bigint {
  const thinner = bidDepthMinor < askDepthMinor ? bidDepthMinor : askDepthMinor;
  return (thinner * BigInt(bandBps)) / 20_000n;
}
