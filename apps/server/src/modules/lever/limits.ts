/**
 * Limits that keep a lever order from being worth more than moving the mark costs (pure; submit.ts reads
 * the inputs). The mark (modules/mark) is a 15 s average of the book read at depth, each reading clipped
 * to a band around the window's median; `moveCostAt` is what moving it by that band costs at least
 * (the book's thinner side within the band, traded out of the way and back, loses half the band on it).
 * Seconds options cap their payouts by that cost (modules/micro); leverage caps the same thing:
 *
 * - **Size.** A position of value V gains V x band when the mark moves by its band: at most
 *   LEVER_POSITION_COST_BPS of the cost (`LEVER_SIZE_ABOVE_DEPTH`, with the most lots allowed now).
 * - **Exposure.** Every live order of one direction on the market (everyone's, pending included) together
 *   at most LEVER_EXPOSURE_COST_BPS of it (`LEVER_EXPOSURE_FULL`): splitting over accounts does not help.
 * - **Multiple.** A position with nothing free beside it is liquidated after a move of
 *   (100 % - level) / multiple; that move must be at least the mark's band
 *   (`LEVER_MULTIPLE_TOO_HIGH`, with the highest multiple allowed). A sweep or a burst of prints shows in
 *   a few of the window's snapshots only and each is clipped to the band around a median it does not
 *   move, so only holding the book moved for most of the window (buying the maker's depth again and
 *   again) moves the mark by its band.
 * - No book deep enough in the mark's window: nothing to limit by, so no order (`LEVER_MARKET_TOO_THIN`).
 */
import { BPS } from './rules';

/** One position may gain at most half of what moving the mark by its band costs. */
export const LEVER_POSITION_COST_BPS = 5_000;
/** All live orders of one direction on a market together at most that cost. */
export const LEVER_EXPOSURE_COST_BPS = 10_000;

/** The highest multiple whose liquidation move, at `levelBps`, is at least the mark's band (0: none). */
export function maxMultipleOf(levelBps: number, bandBps: number): number {
  if (bandBps <= 0) return Number.MAX_SAFE_INTEGER;
  return Math.max(0, Math.floor((Number(BPS) - levelBps) / bandBps));
}

/** Quote value of `numberMinor` at `priceMinor` (quote minor units), rounded down. */
export const valueOf = (priceMinor: bigint, numberMinor: bigint, baseScale: number): bigint =>
  (priceMinor * numberMinor) / 10n ** BigInt(baseScale);

/** Whether a value moved by the band gains more than `costBps` of the cost of moving the mark. */
export const isAboveCost = (valueMinor: bigint, bandBps: number, costMinor: bigint, costBps: number) =>
  valueMinor * BigInt(bandBps) > costMinor * BigInt(costBps);

/** The most whole lots one order may hold now (each lot `lotValueMinor`). */
export function maxLotsOf(lotValueMinor: bigint, bandBps: number, costMinor: bigint): number {
  if (lotValueMinor <= 0n || bandBps <= 0) return Number.MAX_SAFE_INTEGER;
  const lots = (costMinor * BigInt(LEVER_POSITION_COST_BPS)) / (lotValueMinor * BigInt(bandBps));
  return lots > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(lots);
}
