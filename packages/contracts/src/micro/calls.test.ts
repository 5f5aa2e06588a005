import { describe, expect, it } from 'vitest';
import { MicroSubmitCall } from './calls';

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
