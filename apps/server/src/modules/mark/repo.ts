/** SQL of the mark: book snapshots, the trades of a window, and the recorded marks. */
import type { Db } from '../../db/connection';
import type { BookSample, TradeSample } from './rule';
import type { SnapshotValues } from './book';

/** Trades of one window the mark reads at most (the latest ones); far above a window's normal count. */
export const WINDOW_TRADES_MAX = 5_000;
/** Snapshots of one window read at most (a 300 s window sampled every 100 ms). */
export const WINDOW_BOOKS_MAX = 3_000;

const bookOf = (r: {
  id: number;
  at_ms: number;
  impact_bid_minor: bigint | null;
  impact_ask_minor: bigint | null;
}): BookSample => ({
  id: r.id,
  atMs: r.at_ms,
  impactBidMinor: r.impact_bid_minor,
  impactAskMinor: r.impact_ask_minor,
});

export const markRepo = {
  async insertSnapshots(
    db: Db,
    rows: { marketId: number; atMs: number; v: SnapshotValues }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('mark_book_snapshots')
      .values(
        rows.map(({ marketId, atMs, v }) => ({
          market_id: marketId,
          at_ms: atMs,
          best_bid_minor: v.bestBidMinor,
          best_ask_minor: v.bestAskMinor,
          impact_bid_minor: v.impactBidMinor,
          impact_ask_minor: v.impactAskMinor,
          bid_depth_minor: v.bidDepthMinor,
          ask_depth_minor: v.askDepthMinor,
        })),
      )
      .execute();
  },

  async booksIn(db: Db, marketId: number, fromMs: number, toMs: number): Promise<BookSample[]> {
    const rows = await db
      .selectFrom('mark_book_snapshots')
      .select(['id', 'at_ms', 'impact_bid_minor', 'impact_ask_minor'])
      .where('market_id', '=', marketId)
      .where('at_ms', '>', fromMs)
      .where('at_ms', '<=', toMs)
      .orderBy('at_ms', 'desc')
      .orderBy('id', 'desc')
      .limit(WINDOW_BOOKS_MAX)
      .execute();
    return rows.map(bookOf);
  },

  /** The latest snapshot at or before `atMs` whose both sides filled the impact notional. */
  async countingBookAtOrBefore(db: Db, marketId: number, atMs: number): Promise<BookSample | null> {
    const r = await db
      .selectFrom('mark_book_snapshots')
      .select(['id', 'at_ms', 'impact_bid_minor', 'impact_ask_minor'])
      .where('market_id', '=', marketId)
      .where('at_ms', '<=', atMs)
      .where('impact_bid_minor', 'is not', null)
      .where('impact_ask_minor', 'is not', null)
      .orderBy('at_ms', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? bookOf(r) : null;
  },

  /** The latest counting snapshot in (fromMs, toMs] with its depths (for limits). */
  async latestDepth(db: Db, marketId: number, fromMs: number, toMs: number) {
    return db
      .selectFrom('mark_book_snapshots')
      .select(['id', 'at_ms', 'bid_depth_minor', 'ask_depth_minor'])
      .where('market_id', '=', marketId)
      .where('at_ms', '>', fromMs)
      .where('at_ms', '<=', toMs)
      .where('impact_bid_minor', 'is not', null)
      .where('impact_ask_minor', 'is not', null)
      .orderBy('at_ms', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  async tradesIn(db: Db, marketId: number, fromMs: number, toMs: number): Promise<TradeSample[]> {
    const rows = await db
      .selectFrom('spot_trades')
      .select(['id', 'created_at', 'price_minor', 'quote_minor', 'taker_user_id'])
      .where('market_id', '=', marketId)
      .where('created_at', '>', fromMs)
      .where('created_at', '<=', toMs)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(WINDOW_TRADES_MAX)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      atMs: r.created_at,
      priceMinor: r.price_minor,
      quoteMinor: r.quote_minor,
      takerUserId: r.taker_user_id,
    }));
  },

  async tradeAtOrBefore(db: Db, marketId: number, atMs: number): Promise<TradeSample | null> {
    const r = await db
      .selectFrom('spot_trades')
      .select(['id', 'created_at', 'price_minor', 'quote_minor', 'taker_user_id'])
      .where('market_id', '=', marketId)
      .where('created_at', '<=', atMs)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r
      ? {
          id: r.id,
          atMs: r.created_at,
          priceMinor: r.price_minor,
          quoteMinor: r.quote_minor,
          takerUserId: r.taker_user_id,
        }
      : null;
  },

  /** Deletes snapshots older than `beforeMs`, at most `max` rows; returns how many. */
  async pruneSnapshots(db: Db, beforeMs: number, max: number): Promise<number> {
    const ids = db
      .selectFrom('mark_book_snapshots')
      .select('id')
      .where('at_ms', '<', beforeMs)
      .orderBy('id')
      .limit(max);
    const r = await db.deleteFrom('mark_book_snapshots').where('id', 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
