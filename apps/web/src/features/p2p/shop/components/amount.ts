/**
 * The form's first check of an amount, before the server's: required, a plain positive decimal (no
 * exponent, no sign) with at most `decimals` places. Returns a `shop` text key, or null when fine.
 */
export type AmountProblem =
  'error.amountRequired' | 'error.amountFormat' | 'error.amountDecimals' | 'error.amountPositive';

export function checkAmount(value: string, decimals: number): AmountProblem | null {
  if (value === '') return 'error.amountRequired';
  if (!/^\d+(\.\d+)?$/.test(value)) return 'error.amountFormat';
  const places = value.split('.')[1]?.length ?? 0;
  if (places > decimals) return 'error.amountDecimals';
  if (/^0+(\.0+)?$/.test(value)) return 'error.amountPositive';
  return null;
}

/**
 * '10 – 200 CNY': the per-order limits, fiat money of the ad's `coin_code` (an ad without a maximum of
 * its own carries the money of what is left), or the "no limit" text when both are zero.
 */
export function limitText(
  ad: { limitation: { min: string; max: string }; coin_code: string },
  none: string,
): string {
  const { min, max } = ad.limitation;
  const zero = (v: string) => /^0(\.0*)?$/.test(v);
  if (zero(min) && zero(max)) return none;
  return `${trim(min)} – ${trim(max)} ${ad.coin_code}`;
}

/** A plain decimal as an integer of `places` decimal places (`value` has at most that many). */
const scaled = (value: string, places: number) => {
  const [int = '0', frac = ''] = value.split('.');
  return BigInt(int + frac.padEnd(places, '0'));
};

/**
 * Whether typed money (a plain decimal `checkAmount` accepted) is outside the ad's per-order limits,
 * fiat money (`max` 0: no maximum), as the server checks it before any deal is opened.
 */
export function outsideLimits(money: string, limitation: { min: string; max: string }): boolean {
  const { min, max } = limitation;
  const places = Math.max(...[money, min, max].map((v) => v.split('.')[1]?.length ?? 0));
  const v = scaled(money, places);
  const hi = scaled(max, places);
  return v < scaled(min, places) || (hi > 0n && v > hi);
}

/** '5.00000000' -> '5', '2.50000000' -> '2.5'. */
export const trim = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);
