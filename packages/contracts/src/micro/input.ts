/**
 * Loose input of the seconds-options calls. Legacy clients send ids and the stake as JSON numbers or
 * digit strings (and lose GET parameters); these parsers never fail, so the handler refuses a bad value
 * with the micro area's own error instead of a generic validation error.
 */

/** Whole stake numbers: digits only (no sign, no decimals, no exponent), at most this many. */
export const NUMBER_DIGITS_MAX = 12;

export type NumberParse = { ok: true; value: number } | { ok: false; reason: 'required' | 'invalid' };

/**
 * The quantity a user typed: a whole number > 0, as a digit string or a JSON integer. '1.5', '0', '-3',
 * '1e3', ' 7', '10.0' and 1.5 are refused; nothing is rounded.
 */
export function parseWholeNumber(raw: unknown): NumberParse {
  if (raw === undefined || raw === null || raw === '') return { ok: false, reason: 'required' };
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isSafeInteger(raw)) return { ok: false, reason: 'invalid' };
    text = String(raw);
  } else if (typeof raw === 'string') {
    text = raw;
  } else {
    return { ok: false, reason: 'invalid' };
  }
  if (!/^\d+$/.test(text) || text.length > NUMBER_DIGITS_MAX) return { ok: false, reason: 'invalid' };
  const value = Number(text);
  if (value <= 0) return { ok: false, reason: 'invalid' };
  return { ok: true, value };
}

/** A positive integer id from loose input (numbers or digit strings), else null. */
export function parseId(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  if (!/^\d{1,15}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
