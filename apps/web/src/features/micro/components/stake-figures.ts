import { formatMinor, parseDecimal } from '@oryx/contracts/money';

/** '10.00' -> '10', '12.50' -> '12.5'. */
export const trimZeros = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/** number x ratio % exactly (ratios and fees have 2 decimals at most), for the "profit if right" line and the fee. */
export function percentOf(number: string, ratio: string): string {
  try {
    const v = BigInt(number) * parseDecimal(ratio, 2, { allowZero: true });
    return formatMinor(v, 4).replace(/\.?0+$/, '');
  } catch {
    return '0';
  }
}

/** number + number x fee %, exactly: what leaves the available balance at submission. */
export function totalText(number: string, fee: string): string {
  try {
    const v = BigInt(number) * 10_000n + BigInt(number) * parseDecimal(fee, 2, { allowZero: true });
    return formatMinor(v, 4).replace(/\.?0+$/, '');
  } catch {
    return number;
  }
}

/** stake x (ratio - fee) %, exactly, signed: what a win leaves once the fee paid at opening is counted. */
export function netWinText(number: string, ratio: string, fee: string): string {
  try {
    const pct = (v: string) => parseDecimal(v, 2, { allowZero: true });
    const v = BigInt(number) * (pct(ratio) - pct(fee));
    const text = formatMinor(v < 0n ? -v : v, 4).replace(/\.?0+$/, '');
    return `${v < 0n ? '−' : '+'}${text}`;
  } catch {
    return '';
  }
}
