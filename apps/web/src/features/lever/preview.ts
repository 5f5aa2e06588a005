/**
 * The order form's live estimate, exact on decimal strings: the price moves by
 * the spread percent (up for a long, down for a short); contract value = that price x lots x lot size;
 * margin = value / multiplier; fee = value x fee percent / 100. Value, margin and fee all use that one
 * open price, as the server charges them. The estimated liquidation price follows the server's rule
 * (@oryx/contracts/lever/liquidation) for this position alone with the balance left free beside it.
 */
import { liquidationPriceMinor } from '@oryx/contracts/lever/liquidation';
import { mulDiv, parseDecimal, pow10 } from '@oryx/contracts/money';
import { DISPLAY_SCALE, formatDisplayMinor, toDisplayMinor } from '../../shared/lib/display-decimal';

export interface PreviewInput {
  /** The last price (market order) or the typed limit price. */
  price: string;
  /** Whole lots, as typed. */
  lots: string;
  multiple: number;
  side: 'long' | 'short';
  lotSize: string;
  /** Percents. */
  spread: string;
  feePercent: string;
  /** The available lever balance before the order (for the liquidation estimate). */
  available?: string;
  /** The configured liquidation level, percent ('50.00'). */
  liquidationPercent?: string;
}

export interface Preview {
  /** The open price, spread included. */
  openPrice: string;
  /** open price x lots x lot size: the contract value margin and fee are taken on. */
  total: string;
  margin: string;
  fee: string;
  /** The estimated liquidation price; '' when none can be given (no level, or no positive price). */
  liquidation: string;
}

/** Shown places of the estimate (money to 4 places in the form). */
export const PREVIEW_DECIMALS = 4;

const ONE = pow10(DISPLAY_SCALE);
const mul = (a: bigint, b: bigint) => mulDiv(a, b, ONE, 'down');

/** The estimate, or null while the price or the lots are not a usable number. */
export function leverPreview(input: PreviewInput): Preview | null {
  const price = toDisplayMinor(input.price.trim());
  const lots = /^\d+$/.test(input.lots.trim()) ? BigInt(input.lots.trim()) : null;
  const lotSize = toDisplayMinor(input.lotSize) ?? 0n;
  const spread = toDisplayMinor(input.spread) ?? 0n;
  const feePercent = toDisplayMinor(input.feePercent) ?? 0n;
  if (price === null || price <= 0n || lots === null || input.multiple <= 0) return null;
  const spreadAmount = mulDiv(price, spread, 100n * ONE, 'down');
  const openPrice = input.side === 'long' ? price + spreadAmount : price - spreadAmount;
  const value = mul(openPrice * lots, lotSize);
  const margin = value / BigInt(input.multiple);
  const fee = mulDiv(value, feePercent, 100n * ONE, 'down');
  const show = (v: bigint) => formatDisplayMinor(v, PREVIEW_DECIMALS);
  const liquidation = liquidationOf(input, openPrice, lots * lotSize, margin, fee);
  return {
    openPrice: show(openPrice),
    total: show(value),
    margin: show(margin),
    fee: show(fee),
    liquidation: liquidation === null ? '' : show(liquidation),
  };
}

/** Percent with up to 2 places as bps ('50' -> 5000); null when unreadable. */
function percentBps(percent: string | undefined): number | null {
  try {
    return percent === undefined ? null : Number(parseDecimal(percent, 2, { allowZero: false }));
  } catch {
    return null;
  }
}

function liquidationOf(
  input: PreviewInput,
  openMinor: bigint,
  numberMinor: bigint,
  marginMinor: bigint,
  feeMinor: bigint,
): bigint | null {
  const levelBps = percentBps(input.liquidationPercent);
  const available = input.available === undefined ? null : toDisplayMinor(input.available);
  if (levelBps === null || available === null) return null;
  const free = available - marginMinor - feeMinor;
  return liquidationPriceMinor({
    type: input.side === 'long' ? 1 : 2,
    openMinor,
    numberMinor,
    baseScale: DISPLAY_SCALE,
    marginMinor,
    freeMinor: free > 0n ? free : 0n,
    levelBps,
  });
}

/** What is wrong with the lots while typing, as a text key and its values. */
export type LotsProblem =
  { key: 'integer' } | { key: 'belowMin'; min: number } | { key: 'aboveMax'; max: number } | null;

export function lotsProblem(lots: string, min: number, max: number): LotsProblem {
  const v = lots.trim();
  if (v === '') return null;
  if (!/^\d+$/.test(v) || BigInt(v) === 0n) return { key: 'integer' };
  if (BigInt(v) < BigInt(min)) return { key: 'belowMin', min };
  if (max > 0 && BigInt(v) > BigInt(max)) return { key: 'aboveMax', max };
  return null;
}

/**
 * Expected profit of a take-profit or stop-loss price (the stop dialog): (target - open) x lots x lot
 * size for a long, the mirror for a short; '' when the target is not set.
 */
export function expectedProfit(opts: {
  side: 'long' | 'short';
  openPrice: string;
  target: string;
  lots: number;
  lotSize: string;
}): string {
  const target = toDisplayMinor(opts.target);
  const open = toDisplayMinor(opts.openPrice);
  if (target === null || open === null || target <= 0n) return '';
  const diff = opts.side === 'long' ? target - open : open - target;
  const value = mul(diff * BigInt(opts.lots), toDisplayMinor(opts.lotSize) ?? 0n);
  return formatDisplayMinor(value, PREVIEW_DECIMALS);
}

/** One 0.01 step of the stop prices, never below 0. */
export function stepPrice(value: string, direction: 1 | -1): string {
  const v = toDisplayMinor(value) ?? 0n;
  const step = ONE / 100n;
  const next = v + BigInt(direction) * step;
  return formatDisplayMinor(next < 0n ? 0n : next, 2);
}
