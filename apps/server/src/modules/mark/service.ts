/**
 * The mark price service: the one place where "the price of market M at moment T" is decided, for
 * seconds options now and for leverage (P/L, TP/SL, liquidation) and valuations later.
 *
 *   const p = await markAt(db, marketId, atMs);       // the mark from the recorded data (rule.ts)
 *   const id = await recordMark(trx, p, nowMs);        // stored with its inputs when it decides money
 *   const cost = await moveCostAt(db, marketId, atMs); // what moving it by its band costs (limits)
 *
 * The data come from `MarkData`: in production the recorded book snapshots and spot trades (repo.ts);
 * tests may script them. Nothing else computes a mark: callers never see a last trade price alone.
 */
import type { Db } from '../../db/connection';
import { moveCostOf } from './book';
import { markConfig, type MarkConfig } from './config';
import { markRepo } from './repo';
import { markOf, type BookSample, type MarkMethod, type MarkResult, type TradeSample } from './rule';
import { catalogRepo } from '../catalog/repo';
import { markConfigRepo } from './config-repo';

/** Where the mark's inputs come from (the recorded tables in production). */
export interface MarkData {
  booksIn(db: Db, marketId: number, fromMs: number, toMs: number): Promise<BookSample[]>;
  countingBookAtOrBefore(db: Db, marketId: number, atMs: number): Promise<BookSample | null>;
  tradesIn(db: Db, marketId: number, fromMs: number, toMs: number): Promise<TradeSample[]>;
  tradeAtOrBefore(db: Db, marketId: number, atMs: number): Promise<TradeSample | null>;
}

export const recordedData: MarkData = markRepo;

export interface MarkPoint {
  marketId: number;
  atMs: number;
  priceMinor: bigint;
  method: MarkMethod;
  result: MarkResult;
  config: MarkConfig;
  /** The last spot trade at or before the moment (the tape's position; shown beside the mark). */
  lastTrade: { id: number; atMs: number } | null;
}

export async function markAt(
  db: Db,
  marketId: number,
  atMs: number,
  data: MarkData = recordedData,
): Promise<MarkPoint> {
  const config = await markConfig(db, marketId);
  const market = await catalogRepo.marketScales(db, marketId);
  const fromMs = atMs - config.windowMs;
  const [books, bookBefore, trades, tradeBefore, last] = await Promise.all([
    data.booksIn(db, marketId, fromMs, atMs),
    data.countingBookAtOrBefore(db, marketId, fromMs),
    data.tradesIn(db, marketId, fromMs, atMs),
    data.tradeAtOrBefore(db, marketId, fromMs),
    data.tradeAtOrBefore(db, marketId, atMs),
  ]);
  const result = markOf(
    { atMs, books, bookBefore, trades, tradeBefore, tickMinor: market?.price_tick_minor ?? 1n },
    config,
  );
  return {
    marketId,
    atMs,
    priceMinor: result.priceMinor,
    method: result.method,
    result,
    config,
    lastTrade: last ? { id: last.id, atMs: last.atMs } : null,
  };
}

/** JSON with bigints as decimal strings (minor units). */
const toJson = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));

/** What a mark row stores as its inputs: the settings and every number the rule used. */
export function markInputs(p: MarkPoint): Record<string, unknown> {
  const r = p.result;
  return {
    rule: {
      window_ms: p.config.windowMs,
      sample_ms: p.config.sampleMs,
      band_bps: p.config.bandBps,
      impact_quote_minor: p.config.impactQuoteMinor,
      trade_weight_bps: p.config.tradeWeightBps,
      user_cap_bps: p.config.userCapBps,
    },
    window: { from_ms_exclusive: r.windowFromMs, to_ms: r.windowToMs },
    books: r.books.map((b) => ({
      id: b.id,
      at_ms: b.atMs,
      mid_minor: b.midMinor,
      clipped_minor: b.clippedMinor,
    })),
    median_minor: r.medianMinor,
    band_minor: r.bandLowMinor === null ? null : [r.bandLowMinor, r.bandHighMinor],
    book_price_minor: r.bookPriceMinor,
    trade_ids: r.tradeIds,
    participants: r.participants.map((x) => ({
      n: x.n,
      volume_minor: x.volumeMinor,
      price_minor: x.priceMinor,
      weight_minor: x.weightMinor,
    })),
    trade_price_minor: r.tradePriceMinor,
    trade_share_bps: r.tradeShareBps,
    last_trade_id: r.lastTradeId,
  };
}

/**
 * Stores a mark that decides money, once per market and moment: a later call for the same moment gets
 * the stored row (its id and price), so every order opened or settled at that moment uses the same mark
 * even if a trade of that millisecond committed in between.
 */
export async function recordMark(
  trx: Db,
  p: MarkPoint,
  nowMs: number,
): Promise<{ id: number; priceMinor: bigint }> {
  const find = () => markConfigRepo.markAtMs(trx, p.marketId, p.atMs);
  const existing = await find();
  if (existing) return { id: existing.id, priceMinor: existing.price_minor };
  const row = await markConfigRepo.insertMarkOnce(trx, {
    market_id: p.marketId,
    at_ms: p.atMs,
    price_minor: p.priceMinor,
    method: p.method,
    inputs: toJson(markInputs(p)),
    created_at: nowMs,
  });
  if (row) return { id: row.id, priceMinor: row.price_minor };
  const again = await find();
  if (!again) throw new Error(`mark of market ${p.marketId} at ${p.atMs} vanished`);
  return { id: again.id, priceMinor: again.price_minor };
}

export async function markById(db: Db, id: number) {
  return markConfigRepo.markById(db, id);
}

/**
 * The cost of moving the mark by its band at `atMs` (quote minor units), from the latest snapshot of the
 * window whose both sides filled the impact notional; null when there is none (no book to speak of).
 */
export async function moveCostAt(db: Db, marketId: number, atMs: number): Promise<bigint | null> {
  const config = await markConfig(db, marketId);
  const s = await markRepo.latestDepth(db, marketId, atMs - config.windowMs, atMs);
  if (!s) return null;
  return moveCostOf(s.bid_depth_minor, s.ask_depth_minor, config.bandBps);
}
