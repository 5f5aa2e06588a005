import { describe, expect, it } from 'vitest';
import { intish, parseId, parseWholeNumber } from './wire';

describe('intish: integers on the wire as plain decimal digits only', () => {
  const id = intish((n) => n.min(1));
  it('takes JSON integers and digit strings, as clients send them', () => {
    expect(id.parse(16)).toBe(16);
    expect(id.parse('16')).toBe(16);
    expect(id.parse('007')).toBe(7);
  });
  it.each([['0x10'], ['1e2'], [' 16'], ['16 '], ['-1'], ['1.0'], ['+5'], ['0b1'], ['Infinity']])(
    'refuses %j',
    (raw) => expect(id.safeParse(raw).success).toBe(false),
  );
  it('refuses booleans, fractions, arrays and objects', () => {
    for (const raw of [true, false, 1.5, [16], { id: 16 }]) expect(id.safeParse(raw).success).toBe(false);
  });
  it("treats '' and null as absent, so a default or optional applies", () => {
    const page = intish((n) => n.min(1).default(1));
    expect(page.parse('')).toBe(1);
    expect(page.parse(null)).toBe(1);
    expect(page.parse(undefined)).toBe(1);
    expect(id.safeParse('').success).toBe(false);
  });
});

describe('whole-number quantity', () => {
  it.each([
    ['10', 10],
    [10, 10],
    ['007', 7],
  ])('%j is %i', (raw, value) => expect(parseWholeNumber(raw)).toEqual({ ok: true, value }));
  it.each([undefined, null, ''])('%j is required', (raw) =>
    expect(parseWholeNumber(raw)).toEqual({ ok: false, reason: 'required' }),
  );
  it.each([
    '1.5',
    1.5,
    '0',
    0,
    '-5',
    -5,
    '1e3',
    ' 7',
    '10.0',
    'abc',
    '+5',
    true,
    {},
    '1234567890123',
    2 ** 60,
  ])('%j is refused', (raw) => expect(parseWholeNumber(raw)).toEqual({ ok: false, reason: 'invalid' }));
  it('ids', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId(3)).toBe(3);
    expect(parseId('0')).toBeNull();
    expect(parseId('x')).toBeNull();
    expect(parseId(1.5)).toBeNull();
  });
});
