/**
 * Where seconds options get their prices: the spot market's last trade at a moment (DESIGN §4 "mark
 * price"). Kept behind an interface so the settlement rules are tested with a scripted trade history and
 * run in production on the spot module's `lastTradeAt` (modules/spot/price-history.ts).
 *
 * The source answers "the last trade with time <= atMs" (ties: the highest trade id) with that trade's
 * id and time, so every open and end price is recorded with the trade it came from. A point with
 * `tradeId: null` is a reference price, not a trade: micro refuses to open an order on one (an operator
 * can edit a reference price, and nobody may be able to steer an outcome).
 */
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { lastTradeAt } from '../spot/price-history';

export interface MarkPricePoint {
  /** Quote minor units per one whole base unit. */
  priceMinor: bigint;
  tradeId: number | null;
  tradeTimeMs: number;
}

export interface MarkPriceSource {
  lastTradeAt(db: Db, marketId: number, atMs: number): Promise<MarkPricePoint>;
}

/** Production: the spot module's durable trade history (`spot_trades`). */
export const spotTradeHistory: MarkPriceSource = { lastTradeAt };

const defaultSource: MarkPriceSource = spotTradeHistory;
const overrides = new WeakMap<AppContext, MarkPriceSource>();

/** One app's source (tests and the benchmark script a trade history here). */
export function setMarkPriceSource(ctx: AppContext, source: MarkPriceSource): void {
  overrides.set(ctx, source);
}

export function markPriceSource(ctx: AppContext): MarkPriceSource {
  return overrides.get(ctx) ?? defaultSource;
}
