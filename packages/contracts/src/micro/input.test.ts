import { describe, expect, it } from 'vitest';
import { MicroSubmitCall } from './calls';
import { parseId, parseWholeNumber } from './input';

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

describe('the submit contract', () => {
  it('reads the five fields the handler uses, from numbers or digit strings', () => {
    expect(
      MicroSubmitCall.input.parse({ match_id: '1', currency_id: 3, type: '2', seconds: 60, number: '100' }),
    ).toEqual({ match_id: 1, currency_id: 3, type: 2, seconds: 60, number: { ok: true, value: 100 } });
  });

  it('never refuses: a missing or bad value reaches the handler as null or a refused number', () => {
    expect(MicroSubmitCall.input.parse({})).toEqual({
      match_id: null,
      currency_id: null,
      type: null,
      seconds: null,
      number: { ok: false, reason: 'required' },
    });
    expect(
      MicroSubmitCall.input.parse({
        match_id: 'x',
        currency_id: {},
        type: 1.5,
        seconds: '-1',
        number: '1.5',
      }),
    ).toEqual({
      match_id: null,
      currency_id: null,
      type: null,
      seconds: null,
      number: { ok: false, reason: 'invalid' },
    });
  });

  it('keeps client_id and drops fields it does not list (legacy clients add a timestamp)', () => {
    expect(MicroSubmitCall.input.parse({ number: 5, client_id: 'retry-1', timestamp: '1700000000' })).toEqual(
      {
        match_id: null,
        currency_id: null,
        type: null,
        seconds: null,
        number: { ok: true, value: 5 },
        client_id: 'retry-1',
      },
    );
  });
});
