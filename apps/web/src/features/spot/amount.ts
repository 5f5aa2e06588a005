/**
 * The trade panel's arithmetic, exact (bigint minor units through @oryx/contracts/money), never floats.
 *
 * Slider: steps of 25 up to 100. Buy: amount = available quote × percent ÷
 * price; sell: amount = available base × percent. Both to 4 decimals, truncated, and then down to the
 * market's amount step so the order is accepted (a DOGE amount has no decimals at all).
 */
import {
  DISPLAY_SCALE as SCALE,
  formatDisplayMinor,
  stepDecimals,
  toDisplayMinor,
} from '../../shared/lib/display-decimal';

/** Non-negative amounts only: a balance or a price below zero computes nothing. */
function minor(value: string): bigint | null {
  const v = toDisplayMinor(value);
  return v !== null && v >= 0n ? v : null;
}

export const SLIDER_STEPS = [0, 25, 50, 75, 100] as const;
export const SLIDER_DECIMALS = 4;

/** amount for `percent` of the balance; '' when it cannot be computed (no balance, price 0). */
export function sliderAmount(opts: {
  side: 'buy' | 'sell';
  percent: number;
  available: string;
  price: string;
  amountStep: string;
}): string {
  const available = minor(opts.available);
  if (available === null || opts.percent <= 0) return '';
  const decimals = Math.min(SLIDER_DECIMALS, stepDecimals(opts.amountStep));
  const unit = 10n ** BigInt(SCALE - decimals);
  let amount: bigint;
  if (opts.side === 'sell') {
    amount = (available * BigInt(opts.percent)) / 100n;
  } else {
    const price = minor(opts.price);
    if (price === null || price === 0n) return '';
    amount = (available * BigInt(opts.percent) * 10n ** BigInt(SCALE)) / (100n * price);
  }
  amount = (amount / unit) * unit;
  const step = minor(opts.amountStep);
  if (step !== null && step > 0n) amount = (amount / step) * step;
  return formatDisplayMinor(amount, decimals);
}

/** price × amount with `decimals` places ('' while either is not a number). */
export function totalOf(price: string, amount: string, decimals: number): string {
  const p = minor(price);
  const a = minor(amount);
  if (p === null || a === null) return '';
  return formatDisplayMinor((p * a) / 10n ** BigInt(SCALE), decimals);
}

/**
 * Keeps what a decimal field may hold as the user types: digits and one point, at most `decimals` after
 * it. Letters (the `e` of 1e5 included), signs and spaces are dropped.
 */
export function sanitizeDecimal(raw: string, decimals: number): string {
  let out = raw.replace(/[^\d.]/g, '');
  const dot = out.indexOf('.');
  if (dot >= 0) {
    const frac = out.slice(dot + 1).replace(/\./g, '');
    out = decimals === 0 ? out.slice(0, dot) : `${out.slice(0, dot)}.${frac.slice(0, decimals)}`;
  }
  if (out.startsWith('.')) out = `0${out}`;
  return out.replace(/^0+(?=\d)/, '').slice(0, 32);
}

/** Keys a price or amount field refuses (price inputs block `e`). */
export const BLOCKED_KEYS = new Set(['e', 'E', '+', '-']);

/** `price` moved `bps` basis points up (a market buy's protection price) or down (a sell's), exactly. */
export function bandPrice(price: string, bps: number, side: 'buy' | 'sell'): string {
  const p = minor(price);
  if (p === null || p === 0n) return '';
  const factor = BigInt(side === 'buy' ? 10_000 + bps : 10_000 - bps);
  return formatDisplayMinor((p * factor) / 10_000n, SCALE);
}

/** How far `price` lies from `last`, in whole basis points of `last` (null when either is not usable). */
export function deviationBps(price: string, last: string): number | null {
  const p = minor(price);
  const l = minor(last);
  if (p === null || l === null || l === 0n) return null;
  const diff = p > l ? p - l : l - p;
  return Number((diff * 10_000n) / l);
}

/** Basis points as a percent for a message: 1234 -> '12.34', 500 -> '5'. */
export const bpsPercent = (bps: number): string =>
  formatDisplayMinor(BigInt(bps) * 10n ** BigInt(SCALE - 2), 2).replace(/\.?0+$/, '');

/**
 * Every decimal the server sent, trailing zeros dropped down to `minDecimals`: an amount, average price
 * or fee shown exactly, never truncated ('0.00099000', 5 -> '0.00099'; '60009.00000000', 2 -> '60009.00').
 */
export function exactDecimal(value: string, minDecimals = 0): string {
  const m = /^(-?\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const frac = (m[2] ?? '').replace(/0+$/, '').padEnd(minDecimals, '0');
  return frac ? `${m[1]}.${frac}` : (m[1] as string);
}
