/**
 * The stake (quantity) field of the seconds-order form: a whole number of the paying currency
 * (quantity has 0 decimals). The field keeps what the user typed and says what is
 * wrong with it; it never drops a character, because dropping one changes the amount ('10.5' would
 * become 105, '-5' would become 5, '1e3' would become 13).
 *
 * Only changes that keep the meaning are made: full-width digits (typed with a Chinese or Japanese input
 * method) become ASCII digits and leading zeros of a plain number go; spaces around a number are not part
 * of the stake but stay in the field (removing one while typing would glue '10 5' into 105).
 */

/** As many digits as the server accepts (@oryx/contracts/wire: NUMBER_DIGITS_MAX). */
export const STAKE_DIGITS_MAX = 12;

export type StakeError =
  /** Nothing typed: asked for only when the user submits. */
  | 'required'
  /** A decimal separator ('.', ',' or a full-width one): a stake is a whole number. */
  | 'decimal'
  /** Anything else that is not a digit (sign, letter, exponent, inner space). */
  | 'invalid'
  /** 0: the stake must be greater than 0. Asked for only when the user submits. */
  | 'zero'
  /** More digits than the server accepts. */
  | 'tooLong';

export interface ParsedStake {
  /** What the field shows. */
  text: string;
  /** The digit string to send, when the text is a valid stake. */
  value: string | null;
  error: StakeError | null;
}

const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;
/** '.', ',', the full-width '．' and '，', the ideographic '。' and the Arabic decimal separator. */
const DECIMAL_SEPARATOR = /[.,\uFF0E\uFF0C\u3002\u066B]/;

export function parseStake(raw: string): ParsedStake {
  const typed = raw.replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 0x30));
  const trimmed = typed.trim();
  if (trimmed === '') return { text: typed, value: null, error: 'required' };
  if (DECIMAL_SEPARATOR.test(trimmed)) return { text: typed, value: null, error: 'decimal' };
  if (!/^\d+$/.test(trimmed)) return { text: typed, value: null, error: 'invalid' };
  const digits = trimmed.replace(/^0+(?=\d)/, '');
  const text = typed === trimmed ? digits : typed;
  if (digits.length > STAKE_DIGITS_MAX) return { text, value: null, error: 'tooLong' };
  if (digits === '0') return { text, value: null, error: 'zero' };
  return { text, value: digits, error: null };
}

/** Errors shown while typing; the others wait for a submission (an empty or '0' field is not wrong yet). */
export const isShownWhileTyping = (error: StakeError | null): boolean =>
  error === 'decimal' || error === 'invalid' || error === 'tooLong';
