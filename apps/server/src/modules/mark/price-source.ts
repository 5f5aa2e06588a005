/**
 * Where the areas that settle on the mark read it: the mark price at a moment and the cost of moving it
 * (the limits). Seconds options read it at an order's opening and expiry, lever at every open, close and
 * risk check. The app's source is `ctx.services.mark.prices` (module.ts): in production the mark service
 * over the recorded book snapshots and spot trades; tests and the benchmarks put a scripted history in
 * its place (scripted-trades.ts).
 *
 * A mark with method `none` (nothing recorded at all) is no price: micro refuses to open an order on it,
 * and settles an order whose expiry has no data on its open price (a draw); lever refuses to open. No
 * path lets a trader's own print decide: see README.md beside this file.
 */
import type { Db } from '../../db/connection';
import { markAt, moveCostAt, type MarkPoint } from './service';

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
