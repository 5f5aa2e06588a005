import { describe, expect, it } from 'vitest';
import {
  CHARGE_ROUNDING,
  MoneyError,
  PAYOUT_ROUNDING,
  chargeOf,
  decimalString,
  decimalWire,
  divRound,
  feeOf,
  formatDisplay,
  formatMinor,
  mulDiv,
  parseDecimal,
  payoutOf,
  rescale,
  type MoneyErrorCode,
  type ParseDecimalOptions,
  type Rounding,
} from './money';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof MoneyError) return err.code;
    throw err;
  }
  return 'no error';
}

describe('parseDecimal: accepted', () => {
  const rows: [unknown, number, ParseDecimalOptions, bigint][] = [
    ['1', 8, {}, 100_000_000n],
    ['12.5', 8, {}, 1_250_000_000n],
    ['0.00000001', 8, {}, 1n],
    ['0.1', 2, {}, 10n],
    ['007', 0, {}, 7n],
    ['5', 0, {}, 5n],
    ['1.12345678', 8, {}, 112_345_678n],
    ['99999999999999999999', 8, { maxMinor: null }, (10n ** 20n - 1n) * 10n ** 8n],
    ['99999999999999999999.99999999', 8, { maxMinor: null }, 10n ** 28n - 1n],
    // The default ceiling: one billion whole units, at most 10^17 minor units.
    ['1000000000', 8, {}, 10n ** 17n],
    ['1000000000', 2, {}, 10n ** 11n],
    ['1000000000', 0, {}, 10n ** 9n],
    ['100000', 12, {}, 10n ** 17n],
    ['0', 8, { allowZero: true }, 0n],
    ['0.00', 8, { allowZero: true }, 0n],
    ['-1.5', 8, { allowNegative: true }, -150_000_000n],
    ['-0', 8, { allowNegative: true, allowZero: true }, 0n],
    ['-0.000', 8, { allowNegative: true, allowZero: true }, 0n],
    ['123', 2, { maxDigits: 3 }, 12_300n],
    // Numbers from legacy clients: String() form, same grammar.
    [1, 8, {}, 100_000_000n],
    [0.1, 8, {}, 10_000_000n],
    [12.34, 2, {}, 1234n],
    [-2.5, 1, { allowNegative: true }, -25n],
    [0, 8, { allowZero: true }, 0n],
    [-0, 8, { allowZero: true }, 0n], // String(-0) is "0"
    [123456789012345, 8, { maxMinor: null }, 12_345_678_901_234_500_000_000n],
  ];
  it.each(rows)('%o at scale %i %o -> %s', (input, scale, opts, expected) => {
    const got = parseDecimal(input, scale, opts);
    expect(got).toBe(expected);
    // A parsed value formats back to an equivalent decimal (round trip through the wire form).
    expect(parseDecimal(formatMinor(got, scale), scale, { ...opts, allowZero: true })).toBe(expected);
  });
});

describe('parseDecimal: rejected', () => {
  const rows: [unknown, number, ParseDecimalOptions, MoneyErrorCode][] = [
    ['', 8, {}, 'MONEY_EMPTY'],
    [undefined, 8, {}, 'MONEY_EMPTY'],
    [null, 8, {}, 'MONEY_EMPTY'],
    [' 1', 8, {}, 'MONEY_FORMAT'],
    ['1 ', 8, {}, 'MONEY_FORMAT'],
    ['1 000', 8, {}, 'MONEY_FORMAT'],
    ['\t1', 8, {}, 'MONEY_FORMAT'],
    ['1\n', 8, {}, 'MONEY_FORMAT'],
    [' ', 8, {}, 'MONEY_FORMAT'],
    ['1e5', 8, {}, 'MONEY_FORMAT'],
    ['1E5', 8, {}, 'MONEY_FORMAT'],
    ['1.5e-3', 8, {}, 'MONEY_FORMAT'],
    ['0x10', 8, {}, 'MONEY_FORMAT'],
    ['0b1', 8, {}, 'MONEY_FORMAT'],
    ['NaN', 8, {}, 'MONEY_FORMAT'],
    ['Infinity', 8, {}, 'MONEY_FORMAT'],
    ['-Infinity', 8, { allowNegative: true }, 'MONEY_FORMAT'],
    ['+1', 8, {}, 'MONEY_FORMAT'],
    ['--1', 8, { allowNegative: true }, 'MONEY_FORMAT'],
    ['1.', 8, {}, 'MONEY_FORMAT'],
    ['.5', 8, {}, 'MONEY_FORMAT'],
    ['-.5', 8, { allowNegative: true }, 'MONEY_FORMAT'],
    ['.', 8, {}, 'MONEY_FORMAT'],
    ['-', 8, { allowNegative: true }, 'MONEY_FORMAT'],
    ['1.2.3', 8, {}, 'MONEY_FORMAT'],
    ['1,5', 8, {}, 'MONEY_FORMAT'],
    ['1_000', 8, {}, 'MONEY_FORMAT'],
    ['١', 8, {}, 'MONEY_FORMAT'], // Arabic-Indic digit: BigInt would choke, and \d is ASCII-only
    ['１', 8, {}, 'MONEY_FORMAT'], // full-width digit
    ['abc', 8, {}, 'MONEY_FORMAT'],
    [true, 8, {}, 'MONEY_FORMAT'],
    [{}, 8, {}, 'MONEY_FORMAT'],
    [[1], 8, {}, 'MONEY_FORMAT'],
    [1n, 8, {}, 'MONEY_FORMAT'],
    [Number.NaN, 8, {}, 'MONEY_FORMAT'],
    [Number.POSITIVE_INFINITY, 8, {}, 'MONEY_FORMAT'],
    [1e21, 8, {}, 'MONEY_FORMAT'], // String() gives "1e+21"
    [1e-7, 8, {}, 'MONEY_FORMAT'], // String() gives "1e-7"
    ['-0', 8, {}, 'MONEY_NEGATIVE'],
    ['-0.00', 8, { allowZero: true }, 'MONEY_NEGATIVE'],
    ['-1', 8, {}, 'MONEY_NEGATIVE'],
    [-1, 8, {}, 'MONEY_NEGATIVE'],
    ['1.123456789', 8, {}, 'MONEY_TOO_MANY_DECIMALS'],
    ['1.000000000', 8, {}, 'MONEY_TOO_MANY_DECIMALS'], // trailing zeros too: never silently reinterpret
    ['0.1', 0, {}, 'MONEY_TOO_MANY_DECIMALS'],
    [0.30000000000000004, 8, {}, 'MONEY_TOO_MANY_DECIMALS'], // float noise is refused, never rounded
    ['100000000000000000000', 8, {}, 'MONEY_TOO_LARGE'], // 21 digits
    ['1'.repeat(40), 8, {}, 'MONEY_TOO_LARGE'],
    ['1'.repeat(100_000), 8, {}, 'MONEY_TOO_LARGE'],
    ['1234', 2, { maxDigits: 3 }, 'MONEY_TOO_LARGE'],
    ['1000000000.00000001', 8, {}, 'MONEY_TOO_LARGE'], // past one billion units
    ['1000000001', 2, {}, 'MONEY_TOO_LARGE'],
    ['1000000001', 0, {}, 'MONEY_TOO_LARGE'],
    ['100000.000000000001', 12, {}, 'MONEY_TOO_LARGE'], // past 10^17 minor units
    ['92233720368.54775807', 8, {}, 'MONEY_TOO_LARGE'], // 2^63 - 1 minor units
    ['5', 0, { maxMinor: 4n }, 'MONEY_TOO_LARGE'],
    ['0', 8, {}, 'MONEY_NOT_POSITIVE'],
    ['0.00000000', 8, {}, 'MONEY_NOT_POSITIVE'],
    [0, 8, {}, 'MONEY_NOT_POSITIVE'],
    ['-0', 8, { allowNegative: true }, 'MONEY_NOT_POSITIVE'],
  ];
  it.each(rows)('%o at scale %i %o -> %s', (input, scale, opts, code) => {
    expect(codeOf(() => parseDecimal(input, scale, opts))).toBe(code);
  });

  it('throws MoneyError instances carrying the code', () => {
    const err = (() => {
      try {
        parseDecimal('x', 8);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(MoneyError);
    expect(err).toBeInstanceOf(Error);
    expect((err as MoneyError).code).toBe('MONEY_FORMAT');
  });

  it('rejects a bad scale as a programming error, not a MoneyError', () => {
    expect(() => parseDecimal('1', -1)).toThrow(RangeError);
    expect(() => parseDecimal('1', 1.5)).toThrow(RangeError);
    expect(() => parseDecimal('1', 31)).toThrow(RangeError);
  });
});

describe('divRound / mulDiv rounding modes', () => {
  // n / d for each mode: [n, d, down, up, half-up, floor, ceil]
  const rows: [bigint, bigint, bigint, bigint, bigint, bigint, bigint][] = [
    [10n, 5n, 2n, 2n, 2n, 2n, 2n],
    [7n, 2n, 3n, 4n, 4n, 3n, 4n],
    [-7n, 2n, -3n, -4n, -4n, -4n, -3n],
    [7n, -2n, -3n, -4n, -4n, -4n, -3n],
    [-7n, -2n, 3n, 4n, 4n, 3n, 4n],
    [11n, 10n, 1n, 2n, 1n, 1n, 2n],
    [-11n, 10n, -1n, -2n, -1n, -2n, -1n],
    [19n, 10n, 1n, 2n, 2n, 1n, 2n],
    [-19n, 10n, -1n, -2n, -2n, -2n, -1n],
    [15n, 10n, 1n, 2n, 2n, 1n, 2n],
    [-15n, 10n, -1n, -2n, -2n, -2n, -1n],
    [14n, 10n, 1n, 2n, 1n, 1n, 2n],
    [1n, 3n, 0n, 1n, 0n, 0n, 1n],
    [-1n, 3n, 0n, -1n, 0n, -1n, 0n],
    [2n, 3n, 0n, 1n, 1n, 0n, 1n],
    [0n, 7n, 0n, 0n, 0n, 0n, 0n],
  ];
  const modes: Rounding[] = ['down', 'up', 'half-up', 'floor', 'ceil'];
  it.each(rows)('%s / %s', (n, d, ...expected) => {
    modes.forEach((mode, i) => expect([mode, divRound(n, d, mode)]).toEqual([mode, expected[i]]));
  });

  it('mulDiv is exact beyond 2^64 and rounds once', () => {
    const big = 2n ** 70n + 1n;
    expect(mulDiv(big, big, big, 'down')).toBe(big);
    expect(mulDiv(2n ** 100n, 3n, 2n ** 99n, 'down')).toBe(6n);
    expect(mulDiv(10n ** 30n + 1n, 1n, 10n, 'down')).toBe(10n ** 29n);
    expect(mulDiv(10n ** 30n + 1n, 1n, 10n, 'up')).toBe(10n ** 29n + 1n);
    // Rounding once at the end differs from rounding each step: (1/3)*3
    expect(mulDiv(1n, 3n, 3n, 'down')).toBe(1n);
  });

  it('mulDiv edge cases', () => {
    expect(mulDiv(0n, 123n, 7n, 'up')).toBe(0n);
    expect(mulDiv(5n, 0n, 7n, 'ceil')).toBe(0n);
    expect(mulDiv(-5n, 3n, 2n, 'floor')).toBe(-8n);
    expect(mulDiv(-5n, 3n, 2n, 'ceil')).toBe(-7n);
    expect(mulDiv(-5n, -3n, 2n, 'half-up')).toBe(8n);
    expect(mulDiv(1n, 1n, -3n, 'up')).toBe(-1n);
    expect(() => mulDiv(1n, 1n, 0n, 'down')).toThrow(RangeError);
  });
});

describe('rescale', () => {
  it.each([
    [123n, 2, 4, 'down', 12_300n],
    [12_345n, 4, 2, 'down', 123n],
    [12_345n, 4, 2, 'up', 124n],
    [12_350n, 4, 2, 'half-up', 124n],
    [12_349n, 4, 2, 'half-up', 123n],
    [-12_345n, 4, 2, 'down', -123n],
    [-12_345n, 4, 2, 'up', -124n],
    [-12_345n, 4, 2, 'floor', -124n],
    [-12_345n, 4, 2, 'ceil', -123n],
    [5n, 8, 8, 'up', 5n],
    [5n, 8, 0, 'ceil', 1n],
    [5n, 8, 0, 'floor', 0n],
  ] as [bigint, number, number, Rounding, bigint][])('%s from %i to %i %s -> %s', (m, f, t, r, want) => {
    expect(rescale(m, f, t, r)).toBe(want);
  });
});

describe('formatMinor', () => {
  it.each([
    [0n, 8, undefined, undefined, '0.00000000'],
    [1n, 8, undefined, undefined, '0.00000001'],
    [-1n, 8, undefined, undefined, '-0.00000001'],
    [1_250_000_000n, 8, undefined, undefined, '12.50000000'],
    [1_250_000_000n, 8, 2, undefined, '12.50'],
    [1_250_000_000n, 8, 0, undefined, '12'],
    [7n, 0, undefined, undefined, '7'],
    [7n, 0, 3, undefined, '7.000'],
    [-7n, 0, 3, undefined, '-7.000'],
    [123n, 2, 6, undefined, '1.230000'],
    [10n ** 28n, 8, 2, undefined, '100000000000000000000.00'], // no exponent at any size
    // Rounding to fewer decimals: 1.23456789 and its negative at 4 places
    [123_456_789n, 8, 4, 'down', '1.2345'],
    [123_456_789n, 8, 4, 'up', '1.2346'],
    [123_456_789n, 8, 4, 'half-up', '1.2346'],
    [123_456_789n, 8, 4, 'floor', '1.2345'],
    [123_456_789n, 8, 4, 'ceil', '1.2346'],
    [-123_456_789n, 8, 4, 'down', '-1.2345'],
    [-123_456_789n, 8, 4, 'up', '-1.2346'],
    [-123_456_789n, 8, 4, 'half-up', '-1.2346'],
    [-123_456_789n, 8, 4, 'floor', '-1.2346'],
    [-123_456_789n, 8, 4, 'ceil', '-1.2345'],
    // Ties
    [125n, 2, 1, 'half-up', '1.3'],
    [-125n, 2, 1, 'half-up', '-1.3'],
    [124n, 2, 1, 'half-up', '1.2'],
    [-124n, 2, 1, 'half-up', '-1.2'],
    // Values that round to zero never show "-0"
    [-1n, 8, 2, 'down', '0.00'],
    [-1n, 8, 2, 'ceil', '0.00'],
    [-1n, 8, 2, 'floor', '-0.01'],
    [-1n, 8, 0, 'half-up', '0'],
    [1n, 8, 2, 'up', '0.01'],
    [99n, 2, 0, 'half-up', '1'],
    [99n, 2, 0, 'down', '0'],
    [-99n, 2, 0, 'up', '-1'],
  ] as [bigint, number, number | undefined, Rounding | undefined, string][])(
    '%s at scale %i, %s places, %s -> %s',
    (minor, scale, decimals, rounding, want) => {
      const got = formatMinor(minor, scale, decimals, rounding);
      expect(got).toBe(want);
      expect(decimalWire.safeParse(got).success).toBe(true);
    },
  );

  it('formatDisplay truncates', () => {
    expect(formatDisplay(123_456_789n, 8, 2)).toBe('1.23');
    expect(formatDisplay(-123_999_999n, 8, 2)).toBe('-1.23');
    expect(formatDisplay(5n, 2, 4)).toBe('0.0500');
  });
});

describe('the rounding rule: against the user', () => {
  it('uses up for charges and down for payouts', () => {
    expect(CHARGE_ROUNDING).toBe('up');
    expect(PAYOUT_ROUNDING).toBe('down');
  });

  it('fees round up, payouts round down', () => {
    const rate = parseDecimal('0.001', 8); // 0.1 %
    expect(chargeOf(1_000_000n, rate)).toBe(1000n);
    expect(chargeOf(1_000_001n, rate)).toBe(1001n);
    expect(chargeOf(1n, rate)).toBe(1n); // the smallest non-zero trade still pays one unit
    expect(payoutOf(1_000_001n, rate)).toBe(1000n);
    expect(payoutOf(1n, rate)).toBe(0n);
    expect(chargeOf(0n, rate)).toBe(0n);
    expect(chargeOf(12_345n, 25n, 4)).toBe(31n); // 0.25 % of 12345 = 30.8625
    expect(payoutOf(12_345n, 25n, 4)).toBe(30n);
    expect(() => chargeOf(-1n, rate)).toThrow(RangeError);
    expect(() => payoutOf(1n, -1n)).toThrow(RangeError);
  });
});

describe('feeOf: the fee at a rate in basis points', () => {
  it.each([
    // amount minor, bps, fee (rounded UP: in favour of the fee account)
    [68_000_000_000n, 20, 136_000_000n],
    [102_000_300n, 20, 204_001n],
    [1n, 20, 1n],
    [3n, 100, 1n],
    [4_999n, 1, 1n],
    [10_000n, 1, 1n],
    [10_001n, 1, 2n],
    [0n, 20, 0n],
    [123n, 0, 0n],
    [100n * 10n ** 8n, 0, 0n],
    [123n, 10_000, 123n],
  ])('fee of %s at %s bps is %s', (amount, bps, fee) => {
    expect(feeOf(amount, bps)).toBe(fee);
    expect(feeOf(amount, bps)).toBeLessThanOrEqual(amount);
  });

  it('refuses rates out of range and negative amounts', () => {
    expect(() => feeOf(1n, -1)).toThrow(RangeError);
    expect(() => feeOf(1n, 10_001)).toThrow(RangeError);
    expect(() => feeOf(1n, 1.5)).toThrow(RangeError);
    expect(() => feeOf(-1n, 1)).toThrow(RangeError);
  });
});

describe('decimalString (zod)', () => {
  const Amount = decimalString(8);
  it('transforms to minor units', () => {
    expect(Amount.parse('1.5')).toBe(150_000_000n);
    expect(Amount.parse(2)).toBe(200_000_000n);
  });
  it.each([
    ['1e5', 'MONEY_FORMAT'],
    ['0', 'MONEY_NOT_POSITIVE'],
    ['-1', 'MONEY_NEGATIVE'],
    ['1.123456789', 'MONEY_TOO_MANY_DECIMALS'],
    ['1'.repeat(40), 'MONEY_TOO_LARGE'],
    ['', 'MONEY_EMPTY'],
  ])('%o -> issue %s', (input, code) => {
    const r = Amount.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([code]);
  });
  it('refuses non string/number types', () => {
    expect(Amount.safeParse(true).success).toBe(false);
    expect(Amount.safeParse(undefined).success).toBe(false);
  });
  it('passes options through', () => {
    expect(decimalString(2, { allowNegative: true, allowZero: true }).parse('-0')).toBe(0n);
    expect(decimalString(2, { allowNegative: true }).parse('-1.25')).toBe(-125n);
  });
});
