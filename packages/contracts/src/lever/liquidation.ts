/**
 * The estimated liquidation price of one lever position, by the server's rule (apps/server lever
 * rules: riskGroups / evaluate): a user's positions in one quote currency are closed when
 * (free lever balance + margin + P/L) x 10^4 <= margin x level (bps), P/L = (mark - open) x number for a
 * long (the mirror for a short), rounded toward -inf. All integers: prices in quote minor units per whole
 * base unit, `numberMinor` in base minor units (10^baseScale per unit).
 *
 * It is an estimate because the rule is per user and currency: other open positions and later balance
 * changes move the real level. With only this position open and the balance unchanged, it is exact.
 */
import { divRound, pow10 } from '../money';

export interface LiquidationInput {
  /** 1 long, 2 short. */
  type: 1 | 2;
  /** The position's open price (spread included). */
  openMinor: bigint;
  numberMinor: bigint;
  baseScale: number;
  marginMinor: bigint;
  /** The lever balance left free beside the position (after its margin and fee). */
  freeMinor: bigint;
  /** The liquidation level of the risk rate, bps of 100 % (50 % = 5000). */
  levelBps: number;
}

/**
 * The mark at which the position is liquidated: for a long the highest such mark, for a short the
 * lowest. Null when no positive price liquidates it (a long covered down to 0) or the input is empty.
 */
export function liquidationPriceMinor(p: LiquidationInput): bigint | null {
  if (p.numberMinor <= 0n || p.marginMinor <= 0n) return null;
  // Liquidated when the P/L (an integer) is at most k.
  const k = divRound(p.marginMinor * BigInt(p.levelBps), 10_000n, 'floor') - p.freeMinor - p.marginMinor;
  // floor(diff x number / 10^s) <= k  <=>  diff x number < (k + 1) x 10^s  <=>  diff <= ceil(...) - 1.
  const diffMax = divRound((k + 1n) * pow10(p.baseScale), p.numberMinor, 'ceil') - 1n;
  const price = p.type === 1 ? p.openMinor + diffMax : p.openMinor - diffMax;
  return price > 0n ? price : null;
}
