import { formatMinor, mulDiv, parseDecimal, pow10 } from '@oryx/contracts/money';

/**
 * Display helpers for decimal strings from the API. Prices never pass through a JS number: they are
 * parsed to bigint minor units at a generous scale, compared and reformatted exactly.
 */
const SCALE = 18;

function toMinor(value: string): bigint | null {
  try {
    return parseDecimal(value, SCALE, { allowZero: true, allowNegative: true, maxDigits: 30 });
  } catch {
    return null;
  }
}

/** The same value with exactly `decimals` places (truncated, as screens show); the input when unparsable. */
export function formatDecimal(value: string, decimals: number): string {
  const minor = toMinor(value.replace(/^\+/, ''));
  return minor === null ? value : formatMinor(minor, SCALE, decimals, 'down');
}

/** value x rate, shown with `decimals` places (e.g. a USDT price in CNY at the fixed home-page rate). */
export function convertDecimal(value: string, rate: string, decimals: number): string {
  const a = toMinor(value);
  const b = toMinor(rate);
  if (a === null || b === null) return '';
  return formatMinor(mulDiv(a, b, pow10(SCALE), 'down'), SCALE, decimals, 'down');
}

/** Exact ordering of two decimal strings ('+1.5', '-0.25', '96000.00'); unparsable values sort first. */
export function compareDecimal(a: string, b: string): number {
  const x = toMinor(a.replace(/^\+/, ''));
  const y = toMinor(b.replace(/^\+/, ''));
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
