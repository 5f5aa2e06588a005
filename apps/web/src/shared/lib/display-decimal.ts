/**
 * Decimal strings from the API (prices, amounts, balances, change percents) for the screen. Nothing
 * passes through a JS number: values are parsed to bigint minor units at a generous scale, computed,
 * compared and reformatted exactly with @oryx/contracts/money. Screens truncate, never round up.
 */
import { formatDisplay, mulDiv, parseDecimal, pow10 } from '@oryx/contracts/money';

/** The working scale: more places than any coin or price the exchange lists. */
export const DISPLAY_SCALE = 18;

/** The value in minor units at DISPLAY_SCALE (a leading '+' allowed); null when it is not a decimal. */
export function toDisplayMinor(value: string): bigint | null {
  try {
    return parseDecimal(value.replace(/^\+/, ''), DISPLAY_SCALE, {
      allowZero: true,
      allowNegative: true,
      maxDigits: 30,
      maxMinor: null,
    });
  } catch {
    return null;
  }
}

/** Minor units at DISPLAY_SCALE with exactly `decimals` places, truncated. */
export const formatDisplayMinor = (minor: bigint, decimals: number): string =>
  formatDisplay(minor, DISPLAY_SCALE, decimals);

/** The same value with exactly `decimals` places (truncated, as screens show); the input when unparsable. */
export function formatDecimal(value: string, decimals: number): string {
  const minor = toDisplayMinor(value);
  return minor === null ? value : formatDisplayMinor(minor, decimals);
}

/** At most `decimals` places, as the server sent them otherwise: '12.345678' -> '12.3456', '5' -> '5'. */
export const truncateDecimals = (value: string, decimals: number): string =>
  decimals === 0
    ? value.replace(/\.\d*$/, '')
    : value.replace(new RegExp(`(\\.\\d{${decimals}})\\d*$`), '$1');

/** value x rate, shown with `decimals` places (e.g. a USDT price in CNY); '' when either is unparsable. */
export function convertDecimal(value: string, rate: string, decimals: number): string {
  const a = toDisplayMinor(value);
  const b = toDisplayMinor(rate);
  if (a === null || b === null) return '';
  return formatDisplayMinor(mulDiv(a, b, pow10(DISPLAY_SCALE), 'down'), decimals);
}

/** Exact ordering of two decimal strings ('+1.5', '-0.25', '96000.00'); unparsable values sort first. */
export function compareDecimal(a: string, b: string): number {
  const x = toDisplayMinor(a);
  const y = toDisplayMinor(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** -1, 0 or 1 for a change percent string. */
export function changeSign(change: string): -1 | 0 | 1 {
  const c = compareDecimal(change, '0');
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

/** '+1.25%', '-0.40%', '0.00%'. */
export function formatChange(change: string): string {
  const sign = changeSign(change);
  const abs = formatDecimal(change.replace(/^[+-]/, ''), 2);
  return `${sign > 0 ? '+' : sign < 0 ? '-' : ''}${abs}%`;
}

// Balance fields: a missing or unreadable field counts as zero (a wallet row the server left empty).
const orZero = (v: string): bigint => toDisplayMinor(v) ?? 0n;

/** a + b with `decimals` places (balance fields: available + frozen). */
export const addDecimals = (a: string, b: string, decimals = 8): string =>
  formatDisplayMinor(orZero(a) + orZero(b), decimals);

/** a x b, truncated to `decimals` (an amount at a price). */
export const mulDecimals = (a: string, b: string, decimals: number): string =>
  formatDisplayMinor(mulDiv(orZero(a), orZero(b), pow10(DISPLAY_SCALE), 'down'), decimals);

/** Whether a balance field is zero (or unreadable). */
export const isZeroDecimal = (v: string): boolean => orZero(v) === 0n;

/** Whether a decimal is a number greater than zero. */
export function isPositive(value: string): boolean {
  const v = toDisplayMinor(value.trim());
  return v !== null && v > 0n;
}

/** '10000.00000000' -> '10000', '0.50000000' -> '0.5' (for an amount field). */
export const trimZeros = (v: string): string => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/** Groups the integer part for reading: '1234567.5' -> '1,234,567.5'. */
export function groupDigits(v: string): string {
  const [int = '', frac] = v.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

/** A price or amount with exactly `decimals` places (truncated) and grouped thousands: '96123.5' -> '96,123.50'. */
export const formatGrouped = (value: string, decimals: number): string =>
  groupDigits(formatDecimal(value, decimals));

/** The decimals of a step such as '0.00010000' (4) or '1.00000000' (0). */
export function stepDecimals(step: string): number {
  const [, frac = ''] = step.split('.');
  return frac.replace(/0+$/, '').length;
}
