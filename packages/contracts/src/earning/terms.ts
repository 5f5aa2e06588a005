/**
 * The deposit-earning payout rule, shared by the server (which pays it) and the web app (which shows it
 * before the user commits), so the figures shown are the figures paid.
 *
 * A product is `day` days at `rate` percent over the whole term (`rateBps` basis points). On a deposit of
 * P the interest is I = floor(P x rateBps / 10000), paid in `day` daily instalments: instalment k (1..day),
 * due k x 24 h after the deposit, pays floor(I x k / day) - floor(I x (k - 1) / day), so the instalments
 * sum to I exactly; the last one also returns P.
 */
import { payoutAtBps } from '../money';

export const EARNING_DAY_MS = 86_400_000;

export const interestOf = (principalMinor: bigint, rateBps: number): bigint =>
  payoutAtBps(principalMinor, rateBps);

/** Interest paid by instalment `k` (1-based) of a `day`-day term with total interest `interestMinor`. */
export function instalmentOf(interestMinor: bigint, day: number, k: number): bigint {
  const d = BigInt(day);
  return (interestMinor * BigInt(k)) / d - (interestMinor * BigInt(k - 1)) / d;
}

/** When instalment `k` falls due. */
export const instalmentDueAt = (createdAtMs: number, k: number): number => createdAtMs + k * EARNING_DAY_MS;

/** Basis points as the wire's percent string: 150 -> '1.50'. */
export const percentOfBps = (bps: number): string =>
  `${Math.trunc(bps / 100)}.${String(Math.abs(bps % 100)).padStart(2, '0')}`;

/**
 * Basis points as a plain fraction, trailing zeros dropped: 10 -> '0.001', 200 -> '0.02'. Clients of this
 * API family show a product's `rate` as `100 × rate` percent.
 */
export const fractionOfBps = (bps: number): string =>
  `${Math.trunc(bps / 10_000)}.${String(Math.abs(bps % 10_000)).padStart(4, '0')}`.replace(/\.?0+$/, '');
