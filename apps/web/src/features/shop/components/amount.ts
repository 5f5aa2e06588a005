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
