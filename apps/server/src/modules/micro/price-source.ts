/**
 * Where seconds options get their prices: the mark price (modules/mark), at the order's opening and at
 * its expiry, and the cost of moving it (the limits). Kept behind an interface so the settlement rules
 * are tested with a scripted history (scripted-trades.ts) and run in production on the recorded book
 * snapshots and spot trades.
 *
 * A mark with method `none` (nothing recorded at all) is no price: micro refuses to open an order on it,
 * and settles an order whose expiry has no data on its open price (a draw). No path lets a bettor's own
 * print decide: see modules/mark/README.md.
 */
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { markAt, moveCostAt, type MarkPoint } from '../mark/service';

export interface MarkPriceSource {
  markAt(db: Db, marketId: number, atMs: number): Promise<MarkPoint>;
  /** Quote minor units it costs to move the mark by its band now; null when the book is too thin. */
  moveCostAt(db: Db, marketId: number, atMs: number): Promise<bigint | null>;
}

/** Production: the mark service over the recorded snapshots and spot trades. */
export const recordedMark: MarkPriceSource = {
  markAt: (db, marketId, atMs) => markAt(db, marketId, atMs),
  moveCostAt,
};

const defaultSource: MarkPriceSource = recordedMark;
const overrides = new WeakMap<AppContext, MarkPriceSource>();

/** One app's source (tests and the benchmark script a history here). */
export function setMarkPriceSource(ctx: AppContext, source: MarkPriceSource): void {
  overrides.set(ctx, source);
}

export function markPriceSource(ctx: AppContext): MarkPriceSource {
  return overrides.get(ctx) ?? defaultSource;
}
