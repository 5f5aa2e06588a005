/**
 * The seconds-option rules that decide money, as pure functions (no I/O, no clock): unit-tested in
 * rules.test.ts and used by the service and the settlement job. Nothing else decides an outcome.
 *
 *   up   (type 1): win when end > open, draw when equal, loss when end < open
 *   down (type 2): win when end < open, draw when equal, loss when end > open
 *   win : the stake comes back plus stake x ratio (rounded down: a payout), paid by the options house
 *   draw: the stake comes back
 *   loss: the stake goes to the options house
 *   the fee (charged at submission, rounded up: a charge) is never refunded
 */
import { BPS_SCALE, payoutOf } from '@oryx/contracts/money';

export type MicroType = 1 | 2;
export const RESULT = { win: 1, draw: 0, loss: -1 } as const;
export type MicroResult = (typeof RESULT)[keyof typeof RESULT];
export const RESULT_NAME: Record<MicroResult, 'win' | 'draw' | 'loss'> = {
  1: 'win',
  0: 'draw',
  [-1]: 'loss',
};

export function resultOf(type: MicroType, openPriceMinor: bigint, endPriceMinor: bigint): MicroResult {
  if (endPriceMinor === openPriceMinor) return RESULT.draw;
  const isRise = endPriceMinor > openPriceMinor;
  return isRise === (type === 1) ? RESULT.win : RESULT.loss;
}

/** What a win pays on top of the stake: stake x ratio, rounded down (in favour of the house). */
export const profitOf = (stakeMinor: bigint, ratioBps: number): bigint =>
  payoutOf(stakeMinor, BigInt(ratioBps), BPS_SCALE);

export interface Settlement {
  result: MicroResult;
  /** Profit paid by the options house on a win (0 otherwise). */
  profitMinor: bigint;
  /** Part of the stake that goes back to the user's available balance (stake on win/draw, 0 on loss). */
  stakeBackMinor: bigint;
  /** Part of the stake that goes to the options house (stake on a loss, 0 otherwise). */
  stakeLostMinor: bigint;
  /** +profit, 0 or -stake: the wire's `fact_profits`. */
  factProfitsMinor: bigint;
}

export function settle(o: {
  type: MicroType;
  openPriceMinor: bigint;
  endPriceMinor: bigint;
  stakeMinor: bigint;
  ratioBps: number;
}): Settlement {
  const result = resultOf(o.type, o.openPriceMinor, o.endPriceMinor);
  if (result === RESULT.win) {
    const profit = profitOf(o.stakeMinor, o.ratioBps);
    return {
      result,
      profitMinor: profit,
      stakeBackMinor: o.stakeMinor,
      stakeLostMinor: 0n,
      factProfitsMinor: profit,
    };
  }
  if (result === RESULT.draw) {
    return {
      result,
      profitMinor: 0n,
      stakeBackMinor: o.stakeMinor,
      stakeLostMinor: 0n,
      factProfitsMinor: 0n,
    };
  }
  return {
    result,
    profitMinor: 0n,
    stakeBackMinor: 0n,
    stakeLostMinor: o.stakeMinor,
    factProfitsMinor: -o.stakeMinor,
  };
}
