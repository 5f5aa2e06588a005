/**
 * The demo market maker's mid price (bot.ts): a calm, mean-reverting random walk in log price, shaped like
 * a major coin's market rather than a toy's. Pure: the caller brings the random numbers.
 *
 * - Volatility BOT_ANNUAL_VOL a year (~60 %, a major coin), so a step of a few seconds moves a few basis
 *   points (about 3 bp per 8 s step, under 10 bp a minute, about 3 % a day), never 1-2 % a minute;
 * - each shock is capped at BOT_SHOCK_CAP_SIGMAS standard deviations, so no step jumps;
 * - the log distance to the reference price halves every BOT_REVERSION_HALF_LIFE_MS (an Ornstein-Uhlenbeck
 *   pull), so the price roams a few per cent around the reference and does not drift off over weeks.
 */
import type { Rng } from './engine/prng';

export const BOT_ANNUAL_VOL = 0.6;
export const BOT_REVERSION_HALF_LIFE_MS = 24 * 3600_000;
export const BOT_SHOCK_CAP_SIGMAS = 3;
const YEAR_MS = 365 * 24 * 3600_000;

/** Standard normal from two uniforms (Box-Muller). */
export function gaussian(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** The standard deviation of one step's log return. */
export function stepSigma(stepMs: number): number {
  return BOT_ANNUAL_VOL * Math.sqrt(stepMs / YEAR_MS);
}

/** The share of the log distance to the reference taken back in one step. */
export function stepReversion(stepMs: number): number {
  return 1 - Math.pow(0.5, stepMs / BOT_REVERSION_HALF_LIFE_MS);
}

/**
 * The largest move of one step away from `mid` (as a share of it, in log terms) that `nextMid` can make:
 * the capped shock plus the pull back to the reference.
 */
export function maxStepLogMove(mid: number, reference: number, stepMs: number): number {
  return (
    stepReversion(stepMs) * Math.abs(Math.log(mid / reference)) + BOT_SHOCK_CAP_SIGMAS * stepSigma(stepMs)
  );
}

/** The mid one step of `stepMs` later, from a standard normal draw `z`. */
export function nextMid(mid: number, reference: number, z: number, stepMs: number): number {
  const x = Math.log(mid / reference);
  const shock = Math.max(-BOT_SHOCK_CAP_SIGMAS, Math.min(BOT_SHOCK_CAP_SIGMAS, z)) * stepSigma(stepMs);
  return reference * Math.exp(x * (1 - stepReversion(stepMs)) + shock);
}
