import { describe, expect, it } from 'vitest';
import { isShownWhileTyping, parseStake, STAKE_DIGITS_MAX } from './stake';

describe('stake field', () => {
  it.each([
    ['100', '100'],
    ['7', '7'],
    ['007', '7'],
    ['１０', '10'],
    ['1'.repeat(STAKE_DIGITS_MAX), '1'.repeat(STAKE_DIGITS_MAX)],
  ])('%j is the stake %s', (raw, value) => {
    expect(parseStake(raw)).toEqual({ text: value, value, error: null });
  });

  it('spaces around a number are not part of the stake but stay in the field while typing', () => {
    expect(parseStake(' 25 ')).toEqual({ text: ' 25 ', value: '25', error: null });
    // Had the trailing space gone, the next digit would have made 105.
    expect(parseStake('10 ')).toEqual({ text: '10 ', value: '10', error: null });
    expect(parseStake('10 5')).toEqual({ text: '10 5', value: null, error: 'invalid' });
  });

  // The money bug: a decimal separator was dropped and the digits glued, so 10.5 staked 105.
  it.each([
    ['10.5', '10.5'],
    ['10,5', '10,5'],
    ['10.', '10.'],
    ['.5', '.5'],
    ['10.0', '10.0'],
    ['1,000', '1,000'],
    ['10．5', '10．5'],
    ['１０，５', '10，5'],
    ['10。5', '10。5'],
  ])('%j keeps its text and is refused as a decimal, never read as another number', (raw, text) => {
    expect(parseStake(raw)).toEqual({ text, value: null, error: 'decimal' });
  });

  it.each(['-5', '+5', '1e3', '12ab', 'abc', '1 000', '5-'])('%j is refused as it stands', (raw) => {
    expect(parseStake(raw)).toEqual({ text: raw, value: null, error: 'invalid' });
  });

  it('refuses more digits than the server accepts instead of cutting them off', () => {
    const raw = '1'.repeat(STAKE_DIGITS_MAX + 1);
    expect(parseStake(raw)).toEqual({ text: raw, value: null, error: 'tooLong' });
  });

  it('an empty field and zero wait for a submission to be called wrong', () => {
    expect(parseStake('')).toEqual({ text: '', value: null, error: 'required' });
    expect(parseStake('  ')).toEqual({ text: '  ', value: null, error: 'required' });
    expect(parseStake('0')).toEqual({ text: '0', value: null, error: 'zero' });
    expect(parseStake('000')).toEqual({ text: '0', value: null, error: 'zero' });
    expect(isShownWhileTyping('required')).toBe(false);
    expect(isShownWhileTyping('zero')).toBe(false);
    expect(isShownWhileTyping('decimal')).toBe(true);
    expect(isShownWhileTyping('invalid')).toBe(true);
    expect(isShownWhileTyping('tooLong')).toBe(true);
    expect(isShownWhileTyping(null)).toBe(false);
  });
});
