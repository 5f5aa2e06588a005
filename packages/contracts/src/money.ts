/**
 * Money: the one place that parses, formats and rounds amounts and prices.
 *
 * Representation. On the wire an amount is a decimal string ("12.5"); in code it is a `bigint` count of
 * minor units at the currency's scale (8 unless the currency is configured otherwise), so 12.5 at scale 8
 * is 1_250_000_000n. A JS `number` never holds money: numbers are accepted on input only because existing
 * clients of this API send them, and they go through the same strict grammar as strings.
 *
 * THE ROUNDING RULE. Whenever an exact result does not fit the scale, round against the user, in favour
 * of the exchange's own account:
 *   - anything the user is charged (fees, interest, the cost of a buy) rounds UP   -> CHARGE_ROUNDING
 *   - anything paid out to the user (proceeds, refunds, rewards)    rounds DOWN -> PAYOUT_ROUNDING
 * The residue always stays with the exchange, so the ledger can never owe more than it holds. Display
 * truncates (rounds toward zero) so a screen never shows more than the user has.
 * Use `chargeOf` / `payoutOf` (or pass CHARGE_ROUNDING / PAYOUT_ROUNDING to `mulDiv`) rather than picking
 * a rounding mode by hand.
 */
import { z } from 'zod';

export type MoneyErrorCode =
  | 'MONEY_EMPTY'
  | 'MONEY_FORMAT'
  | 'MONEY_TOO_MANY_DECIMALS'
  | 'MONEY_TOO_LARGE'
  | 'MONEY_NEGATIVE'
  | 'MONEY_NOT_POSITIVE';

/** A user-supplied amount was rejected. `code` is stable and doubles as the i18n key suffix. */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
  constructor(
    readonly code: MoneyErrorCode,
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/**
 * - `down`: toward zero (truncate)         - `up`: away from zero
 * - `floor`: toward -infinity              - `ceil`: toward +infinity
 * - `half-up`: to nearest, ties away from zero
 */
export type Rounding = 'down' | 'up' | 'half-up' | 'floor' | 'ceil';

/** Rounding for amounts the user pays (see the rule at the top of this file). */
export const CHARGE_ROUNDING = 'up' satisfies Rounding;
/** Rounding for amounts paid to the user (see the rule at the top of this file). */
export const PAYOUT_ROUNDING = 'down' satisfies Rounding;
/** Rounding for what a screen shows: never more than the user has. */
export const DISPLAY_ROUNDING = 'down' satisfies Rounding;

export const DEFAULT_SCALE = 8;
/** Integer digits accepted by default: 10^20 is far beyond any real balance yet keeps input bounded. */
export const DEFAULT_MAX_DIGITS = 20;
/** Scales beyond this are configuration mistakes, not currencies. */
export const MAX_SCALE = 30;

/**
 * Bounds that keep every amount and balance an exact 64-bit integer on both databases (a BIGINT holds up
 * to about 9.2 x 10^18). An amount accepted at the edge is at most one billion whole units of its
 * currency and never more than MAX_AMOUNT_MINOR minor units (`amountCeiling`); the ledger refuses any
 * movement that would take a bucket beyond MAX_BALANCE_MINOR either way. Sums of many balances are added
 * as bigints in code, never in a 64-bit SQL column.
 */
export const MAX_AMOUNT_MINOR = 10n ** 17n;
export const MAX_BALANCE_MINOR = 10n ** 18n;
/** Whole units one amount may carry at most, whatever its scale. */
export const MAX_AMOUNT_UNITS = 10n ** 9n;

/** The largest amount, in minor units at `scale`, that parseDecimal accepts by default. */
export function amountCeiling(scale: number): bigint {
  const units = MAX_AMOUNT_UNITS * pow10(scale);
  return units < MAX_AMOUNT_MINOR ? units : MAX_AMOUNT_MINOR;
}

export interface ParseDecimalOptions {
  /** Accept a leading '-' (balances, PnL). Default false. */
  allowNegative?: boolean;
  /** Accept zero. Default false: most inputs are amounts that must be positive. */
  allowZero?: boolean;
  /** Maximum number of integer digits (leading zeros count, which also bounds the input length). */
  maxDigits?: number;
  /**
   * The largest magnitude accepted, in minor units; default `amountCeiling(scale)`. `null` lifts the
   * bound (display-only parsing of values that are never stored).
   */
  maxMinor?: bigint | null;
}

// Strict on purpose: no sign but '-', no exponent, no whitespace, no hex, and both sides of '.' need a
// digit ("1." and ".5" are rejected), so every accepted string has exactly one reading.
const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

const POW10: bigint[] = Array.from({ length: 2 * MAX_SCALE + 1 }, (_, i) => 10n ** BigInt(i));

/** 10^n as a bigint; n is a scale difference, so small and non-negative. */
export function pow10(n: number): bigint {
  checkScale(n, 'exponent', 2 * MAX_SCALE);
  return POW10[n] as bigint;
}

function checkScale(scale: number, what: string, max: number = MAX_SCALE): void {
  // A bad scale is a programming or configuration error, never user input: RangeError, not MoneyError.
  if (!Number.isInteger(scale) || scale < 0 || scale > max) {
    throw new RangeError(`${what} must be an integer in [0, ${max}], got ${String(scale)}`);
  }
}

/**
 * Parses a user-supplied decimal (string, or a number sent by a legacy client) into minor units at
 * `scale`. Throws MoneyError; never rounds (more decimals than `scale` is an error, even trailing zeros,
 * because a client that sends them has a scale bug worth surfacing).
 */
export function parseDecimal(input: unknown, scale: number, opts: ParseDecimalOptions = {}): bigint {
  checkScale(scale, 'scale');
  const maxDigits = opts.maxDigits ?? DEFAULT_MAX_DIGITS;
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else if (typeof input === 'number') {
    // String() of a finite number is either plain digits or exponent notation; the grammar rejects the
    // latter (1e21, 1e-7), as well as 'NaN' and 'Infinity'.
    text = String(input);
  } else if (input === undefined || input === null) {
    throw new MoneyError('MONEY_EMPTY');
  } else {
    throw new MoneyError('MONEY_FORMAT', typeof input);
  }
  if (text.length === 0) throw new MoneyError('MONEY_EMPTY');
  const m = DECIMAL_RE.exec(text);
  // The input is echoed into logs, so only its start.
  if (!m) throw new MoneyError('MONEY_FORMAT', JSON.stringify(text.slice(0, 32)));
  const isNegative = m[1] === '-';
  const intPart = m[2] as string;
  const fracPart = m[3] ?? '';
  // "-0" and "-0.00" are negative-looking zeros: refused where negatives are, normalised to 0n otherwise.
  if (isNegative && !opts.allowNegative) throw new MoneyError('MONEY_NEGATIVE');
  if (fracPart.length > scale) throw new MoneyError('MONEY_TOO_MANY_DECIMALS', `max ${scale}`);
  // Checked before BigInt() so a huge string costs nothing (the regex itself is linear).
  if (intPart.length > maxDigits) throw new MoneyError('MONEY_TOO_LARGE', `max ${maxDigits} digits`);
  const magnitude = BigInt(intPart + fracPart.padEnd(scale, '0'));
  if (magnitude === 0n && !opts.allowZero) throw new MoneyError('MONEY_NOT_POSITIVE');
  const maxMinor = opts.maxMinor === undefined ? amountCeiling(scale) : opts.maxMinor;
  if (maxMinor !== null && magnitude > maxMinor)
    throw new MoneyError('MONEY_TOO_LARGE', `max ${maxMinor} minor units`);
  return isNegative ? -magnitude : magnitude;
}

/** Integer division n/d with the given rounding (bigint `/` alone truncates toward zero). */
export function divRound(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const isNegative = n < 0n !== d < 0n;
  switch (rounding) {
    case 'down':
      return q;
    case 'up':
      return isNegative ? q - 1n : q + 1n;
    case 'floor':
      return isNegative ? q - 1n : q;
    case 'ceil':
      return isNegative ? q : q + 1n;
    case 'half-up': {
      const twiceR = 2n * (r < 0n ? -r : r);
      const absD = d < 0n ? -d : d;
      if (twiceR < absD) return q;
      return isNegative ? q - 1n : q + 1n;
    }
  }
}

/** a*b/d computed exactly, rounded once at the end. */
export function mulDiv(a: bigint, b: bigint, d: bigint, rounding: Rounding): bigint {
  return divRound(a * b, d, rounding);
}

/** Converts minor units between scales; going up is exact, going down rounds as told. */
export function rescale(minor: bigint, fromScale: number, toScale: number, rounding: Rounding): bigint {
  checkScale(fromScale, 'fromScale');
  checkScale(toScale, 'toScale');
  if (toScale >= fromScale) return minor * pow10(toScale - fromScale);
  return divRound(minor, pow10(fromScale - toScale), rounding);
}

/** Exact decimal without trailing zeros ('12.5', '10', '-3'): a value stated, not shown at a width. */
export function formatMinorPlain(minor: bigint, scale: number): string {
  const s = formatMinor(minor, scale);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/**
 * Exact decimal string of `minor` at `scale`, shown with `decimals` places (default: all of them).
 * Fewer places round with `rounding` (default toward zero); more places pad with zeros. Never an exponent.
 */
export function formatMinor(
  minor: bigint,
  scale: number,
  decimals: number = scale,
  rounding: Rounding = 'down',
): string {
  checkScale(scale, 'scale');
  checkScale(decimals, 'decimals');
  const value = rescale(minor, scale, decimals, rounding);
  const isNegative = value < 0n;
  const digits = (isNegative ? -value : value).toString().padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  const body = decimals === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return isNegative ? `-${body}` : body;
}

/** What a screen shows: `decimals` places, truncated (see DISPLAY_ROUNDING). */
export function formatDisplay(minor: bigint, scale: number, decimals: number): string {
  return formatMinor(minor, scale, decimals, DISPLAY_ROUNDING);
}

function checkRate(amountMinor: bigint, rateMinor: bigint, rateScale: number): void {
  checkScale(rateScale, 'rateScale');
  // Fees and payouts are computed on magnitudes; signs belong to the ledger entry, not the arithmetic.
  if (amountMinor < 0n) throw new RangeError('amount must not be negative');
  if (rateMinor < 0n) throw new RangeError('rate must not be negative');
}

/**
 * A charge to the user: amount * rate, rounded UP. `rateMinor` is a fraction at `rateScale`
 * (e.g. 0.1% = parseDecimal('0.001', 8) with rateScale 8). The result is at the amount's scale.
 */
export function chargeOf(amountMinor: bigint, rateMinor: bigint, rateScale: number = DEFAULT_SCALE): bigint {
  checkRate(amountMinor, rateMinor, rateScale);
  return mulDiv(amountMinor, rateMinor, pow10(rateScale), CHARGE_ROUNDING);
}

/** Basis points are hundredths of a percent (10 % = 1000 bps): a rate at scale 4. */
export const BPS_SCALE = 4;
const BPS_MAX = 10_000;

/**
 * The fee on an amount at a whole rate in basis points (0 to 10 000), rounded UP like every charge, so
 * the smallest non-zero amount at a non-zero rate pays one minor unit and a fee never exceeds its amount.
 * The one fee rule of the exchange: spot fills charge what each side receives, seconds options the stake.
 */
export function feeOf(amountMinor: bigint, feeBps: number): bigint {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > BPS_MAX) {
    throw new RangeError(`fee bps out of range: ${feeBps}`);
  }
  return chargeOf(amountMinor, BigInt(feeBps), BPS_SCALE);
}

/**
 * A share paid out at a whole rate in basis points, rounded DOWN like every payout (in favour of the
 * exchange): a referrer's commission on a fee, a product's interest on its principal.
 */
export function payoutAtBps(amountMinor: bigint, rateBps: number): bigint {
  if (!Number.isInteger(rateBps) || rateBps < 0) throw new RangeError(`rate bps out of range: ${rateBps}`);
  return payoutOf(amountMinor, BigInt(rateBps), BPS_SCALE);
}

/** A payout to the user: amount * rate, rounded DOWN. Same units as `chargeOf`. */
export function payoutOf(amountMinor: bigint, rateMinor: bigint, rateScale: number = DEFAULT_SCALE): bigint {
  checkRate(amountMinor, rateMinor, rateScale);
  return mulDiv(amountMinor, rateMinor, pow10(rateScale), PAYOUT_ROUNDING);
}

/**
 * zod schema for a decimal input (string, or number from legacy clients) that yields minor units.
 * On failure the issue message is the MoneyError code, so the error handler can map it to i18n.
 */
export function decimalString(scale: number, opts: ParseDecimalOptions = {}) {
  checkScale(scale, 'scale');
  return z.union([z.string(), z.number()]).transform((value, ctx): bigint => {
    try {
      return parseDecimal(value, scale, opts);
    } catch (err) {
      if (!(err instanceof MoneyError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.code, input: value });
      return z.NEVER;
    }
  });
}

/** zod schema for a decimal string in a reply (what formatMinor produces). */
export const decimalWire = z.string().regex(/^-?\d+(?:\.\d+)?$/, 'MONEY_FORMAT');
