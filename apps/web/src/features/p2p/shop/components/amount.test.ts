import { describe, expect, it } from 'vitest';
import { checkAmount, limitText, outsideLimits, trim } from './amount';

describe('shop amounts', () => {
  it('takes plain positive decimals within the places, and names the problem otherwise', () => {
    expect(checkAmount('12.5', 8)).toBeNull();
    expect(checkAmount('0.00000001', 8)).toBeNull();
    expect(checkAmount('', 8)).toBe('error.amountRequired');
    for (const bad of ['1e3', '-1', '+2', '1,5', ' 1', '.5', 'abc']) {
      expect(checkAmount(bad, 8), bad).toBe('error.amountFormat');
    }
    expect(checkAmount('7.001', 2)).toBe('error.amountDecimals');
    expect(checkAmount('0', 8)).toBe('error.amountPositive');
    expect(checkAmount('0.000', 8)).toBe('error.amountPositive');
  });

  it('shows limits and amounts without trailing zeros', () => {
    expect(trim('5.00000000')).toBe('5');
    expect(trim('2.50000000')).toBe('2.5');
    expect(trim('100')).toBe('100');
    const ad = (min: string, max: string) => ({ limitation: { min, max }, coin_code: 'CNY' });
    expect(limitText(ad('10.00', '200.00'), 'none')).toBe('10 – 200 CNY');
    expect(limitText(ad('0.00', '56.96'), 'none')).toBe('0 – 56.96 CNY');
    expect(limitText(ad('0.00', '0.00'), 'none')).toBe('none');
  });

  it('checks typed money against the per-order limits, fiat money, exactly', () => {
    const limits = { min: '7.00', max: '35.00' };
    expect(outsideLimits('7', limits)).toBe(false);
    expect(outsideLimits('35.00', limits)).toBe(false);
    expect(outsideLimits('20.5', limits)).toBe(false);
    expect(outsideLimits('6.99', limits)).toBe(true);
    expect(outsideLimits('35.01', limits)).toBe(true);
    expect(outsideLimits('350', limits)).toBe(true);
    // No maximum of its own (max 0): only the minimum holds.
    expect(outsideLimits('100000', { min: '10.00', max: '0.00' })).toBe(false);
    expect(outsideLimits('9.99', { min: '10.00', max: '0.00' })).toBe(true);
  });
});
