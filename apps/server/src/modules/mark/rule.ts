/**
 * THE MARK RULE, as one pure function (no I/O, no clock): the price at a moment T of a market, from the
 * book snapshots and the spot trades recorded in the window (T - windowMs, T]. README.md beside this file
 * says it in words; docs/mark-price.md says why. Every input and the arithmetic are integers, so anyone
 * with the recorded data gets the same price to the last minor unit.
 *
 *  1. Book part. A snapshot counts when both sides can fill the impact notional; its price is the impact
 *     mid (impact bid + impact ask) / 2, rounded down. The book median is the median of those mids
 *     (lower middle). Each mid is clipped to median +/- band, and the book part is their plain mean
 *     (snapshots are taken at fixed intervals, so the mean is time-weighted).
 *  2. Trade part. Each trade's price is clipped to the same band. Trades are grouped by the account that
 *     took liquidity; an account's weight is its quote volume, capped at userCapBps of the window's whole
 *     trade volume (rounded up). The trade part is the weighted mean of the accounts' volume-weighted prices.
 *  3. Blend. The trade part's share is tradeWeightBps x (capped volume / whole volume): at most
 *     tradeWeightBps, and one account alone gets tradeWeightBps x userCapBps.
 *     mark = ((10^4 - share) x book + share x trades) / 10^4, rounded half up to the market's tick.
 *
 * Fallbacks, in order, when the window holds no snapshot that counts:
 *   stale_book  the latest counting snapshot before the window stands in for the book part (one mid);
 *   trades      no counting snapshot at all: the trade part alone, clipped to a band around the capped
 *               accounts' median price;
 *   last_trade  no trade in the window either: the last trade before the window;
 *   none        nothing recorded: no price (seconds options refuse to open; settlement uses the open
 *               price, a draw).
 */

export interface BookSample {
  id: number;
  atMs: number;
  impactBidMinor: bigint | null;
  impactAskMinor: bigint | null;
}

export interface TradeSample {
  id: number;
  atMs: number;
  priceMinor: bigint;
  /** Quote value of the trade (its weight). */
  quoteMinor: bigint;
  /** The account that took liquidity (the one who chose to print). */
  takerUserId: number;
}

export interface MarkRule {
  windowMs: number;
  bandBps: number;
  tradeWeightBps: number;
  userCapBps: number;
}

export interface MarkInputs {
  atMs: number;
  /** Snapshots in the window, any order. */
  books: BookSample[];
  /** The latest counting snapshot at or before the window start, if any. */
  bookBefore: BookSample | null;
  /** Trades in the window, any order. */
  trades: TradeSample[];
  /** The last trade at or before the window start, if any. */
  tradeBefore: TradeSample | null;
  /** The market's price tick (minor units); the mark is rounded to it. */
  tickMinor: bigint;
}

export type MarkMethod = 'book' | 'stale_book' | 'trades' | 'last_trade' | 'none';

export interface MarkParticipant {
  /** Anonymous: 1, 2, ... in the order of their first trade in the window. */
  n: number;
  volumeMinor: bigint;
  /** Volume-weighted price of the account's trades after clipping. */
  priceMinor: bigint;
  /** Its weight after the cap. */
  weightMinor: bigint;
}

export interface MarkResult {
  priceMinor: bigint;
  method: MarkMethod;
  windowFromMs: number;
  windowToMs: number;
  /** Snapshots that counted, with their mid after clipping. */
  books: { id: number; atMs: number; midMinor: bigint; clippedMinor: bigint }[];
  medianMinor: bigint | null;
  bandLowMinor: bigint | null;
  bandHighMinor: bigint | null;
  bookPriceMinor: bigint | null;
  tradeIds: number[];
  participants: MarkParticipant[];
  tradePriceMinor: bigint | null;
  /** Share of the trade part in the blend, bps. */
  tradeShareBps: number;
  /** The trade used by `last_trade`. */
  lastTradeId: number | null;
}

const BPS = 10_000n;

export const isCounting = (b: BookSample): boolean =>
  b.impactBidMinor !== null && b.impactAskMinor !== null && b.impactBidMinor > 0n && b.impactAskMinor > 0n;

export const midOf = (b: BookSample): bigint => (b.impactBidMinor! + b.impactAskMinor!) / 2n;

/** Lower middle of a non-empty list. */
export function medianOf(values: bigint[]): bigint {
  const s = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return s[Math.floor((s.length - 1) / 2)]!;
}

const clip = (v: bigint, lo: bigint, hi: bigint) => (v < lo ? lo : v > hi ? hi : v);

/** Round half up to a multiple of tick (prices are positive). */
export function toTick(v: bigint, tick: bigint): bigint {
  if (tick <= 1n) return v;
  const q = (v + tick / 2n) / tick;
  return (q > 0n ? q : 1n) * tick;
}

function bandOf(median: bigint, bandBps: number): [bigint, bigint] {
  const d = (median * BigInt(bandBps)) / BPS;
  return [median - d, median + d];
}

interface TradeAgg {
  participants: MarkParticipant[];
  priceMinor: bigint | null;
  shareBps: number;
}

/** Groups by taker, clips, caps; the trade part and its share of the blend. */
function tradePart(trades: TradeSample[], lo: bigint | null, hi: bigint | null, rule: MarkRule): TradeAgg {
  const sorted = [...trades].sort((a, b) => a.atMs - b.atMs || a.id - b.id);
  const byUser = new Map<number, { n: number; vol: bigint; pq: bigint }>();
  let total = 0n;
  for (const t of sorted) {
    if (t.quoteMinor <= 0n) continue;
    const p = lo !== null && hi !== null ? clip(t.priceMinor, lo, hi) : t.priceMinor;
    let u = byUser.get(t.takerUserId);
    if (!u) byUser.set(t.takerUserId, (u = { n: byUser.size + 1, vol: 0n, pq: 0n }));
    u.vol += t.quoteMinor;
    u.pq += p * t.quoteMinor;
    total += t.quoteMinor;
  }
  if (total === 0n) return { participants: [], priceMinor: null, shareBps: 0 };
  // Rounded up, so a cap is never zero while anything traded.
  const cap = (total * BigInt(rule.userCapBps) + BPS - 1n) / BPS;
  const participants: MarkParticipant[] = [];
  let wSum = 0n;
  let wpSum = 0n;
  for (const u of byUser.values()) {
    const priceMinor = u.pq / u.vol;
    const weightMinor = u.vol < cap ? u.vol : cap;
    participants.push({ n: u.n, volumeMinor: u.vol, priceMinor, weightMinor });
    wSum += weightMinor;
    wpSum += weightMinor * priceMinor;
  }
  if (wSum === 0n) return { participants, priceMinor: null, shareBps: 0 };
  const shareBps = Number((BigInt(rule.tradeWeightBps) * wSum) / total);
  return { participants, priceMinor: wpSum / wSum, shareBps };
}

/** The mark at `inputs.atMs`. Pure and deterministic: same inputs, same result. */
export function markOf(inputs: MarkInputs, rule: MarkRule): MarkResult {
  const windowFromMs = inputs.atMs - rule.windowMs;
  const inWindow = <T extends { atMs: number }>(x: T) => x.atMs > windowFromMs && x.atMs <= inputs.atMs;
  const trades = inputs.trades.filter(inWindow);
  let books = inputs.books
    .filter(inWindow)
    .filter(isCounting)
    .sort((a, b) => a.atMs - b.atMs || a.id - b.id);
  let method: MarkMethod = 'book';
  if (books.length === 0 && inputs.bookBefore && isCounting(inputs.bookBefore)) {
    books = [inputs.bookBefore];
    method = 'stale_book';
  }
  const base: MarkResult = {
    priceMinor: 0n,
    method: 'none',
    windowFromMs,
    windowToMs: inputs.atMs,
    books: [],
    medianMinor: null,
    bandLowMinor: null,
    bandHighMinor: null,
    bookPriceMinor: null,
    tradeIds: trades.map((t) => t.id).sort((a, b) => a - b),
    participants: [],
    tradePriceMinor: null,
    tradeShareBps: 0,
    lastTradeId: null,
  };

  if (books.length > 0) return bookMark(base, books, method, trades, inputs, rule);
  if (trades.length > 0) {
    const fromTrades = tradesMark(base, trades, inputs, rule);
    if (fromTrades) return fromTrades;
  }

  if (inputs.tradeBefore) {
    return {
      ...base,
      priceMinor: inputs.tradeBefore.priceMinor,
      method: 'last_trade',
      lastTradeId: inputs.tradeBefore.id,
    };
  }
  return base;
}

/** The mark from the books in the window (or the last one before it), blended with the trades' price. */
function bookMark(
  base: MarkResult,
  books: BookSample[],
  method: MarkMethod,
  trades: TradeSample[],
  inputs: MarkInputs,
  rule: MarkRule,
): MarkResult {
  const mids = books.map(midOf);
  const median = medianOf(mids);
  const [lo, hi] = bandOf(median, rule.bandBps);
  const clipped = mids.map((m) => clip(m, lo, hi));
  const bookPrice = clipped.reduce((a, b) => a + b, 0n) / BigInt(clipped.length);
  const t = tradePart(trades, lo, hi, rule);
  const share = t.priceMinor === null ? 0 : t.shareBps;
  const blended =
    t.priceMinor === null
      ? bookPrice
      : ((BPS - BigInt(share)) * bookPrice + BigInt(share) * t.priceMinor) / BPS;
  return {
    ...base,
    priceMinor: toTick(blended, inputs.tickMinor),
    method,
    books: books.map((b, i) => ({ id: b.id, atMs: b.atMs, midMinor: mids[i]!, clippedMinor: clipped[i]! })),
    medianMinor: median,
    bandLowMinor: lo,
    bandHighMinor: hi,
    bookPriceMinor: bookPrice,
    participants: t.participants,
    tradePriceMinor: t.priceMinor,
    tradeShareBps: share,
  };
}

/** No book at all: the mark from the accounts' trade prices, or null when no account counts. */
function tradesMark(
  base: MarkResult,
  trades: TradeSample[],
  inputs: MarkInputs,
  rule: MarkRule,
): MarkResult | null {
  // No book at all: the accounts' prices (each capped) around their median.
  const raw = tradePart(trades, null, null, rule);
  if (raw.priceMinor !== null) {
    const median = medianOf(raw.participants.map((p) => p.priceMinor));
    const [lo, hi] = bandOf(median, rule.bandBps);
    const t = tradePart(trades, lo, hi, rule);
    return {
      ...base,
      priceMinor: toTick(t.priceMinor!, inputs.tickMinor),
      method: 'trades',
      medianMinor: median,
      bandLowMinor: lo,
      bandHighMinor: hi,
      participants: t.participants,
      tradePriceMinor: t.priceMinor,
      tradeShareBps: 10_000,
    };
  }
  return null;
}

/** Settings that make a mark impossible or meaningless are refused (the reason, or null when fine). */
export function ruleProblem(rule: MarkRule & { sampleMs: number }): string | null {
  const whole = (n: number) => Number.isSafeInteger(n);
  if (!whole(rule.windowMs) || rule.windowMs < 1_000 || rule.windowMs > 300_000)
    return 'window_ms must be 1000..300000';
  if (!whole(rule.sampleMs) || rule.sampleMs < 100 || rule.sampleMs > rule.windowMs)
    return 'sample_ms must be 100..window_ms';
  if (rule.windowMs / rule.sampleMs < 3) return 'the window must hold at least 3 samples';
  if (!whole(rule.bandBps) || rule.bandBps < 1 || rule.bandBps > 2_000) return 'band_bps must be 1..2000';
  if (!whole(rule.tradeWeightBps) || rule.tradeWeightBps < 0 || rule.tradeWeightBps > 5_000)
    return 'trade_weight_bps must be 0..5000';
  if (!whole(rule.userCapBps) || rule.userCapBps < 1 || rule.userCapBps > 10_000)
    return 'user_cap_bps must be 1..10000';
  return null;
}
