import { describe, expect, it } from 'vitest';
import { defaultValuationCurrency, formatValuation, usdtCnyRateOf, valuationCurrencyOf } from './valuation';

describe('valuation currency', () => {
  it('defaults to CNY for the Chinese languages and USD for the others', () => {
    expect(defaultValuationCurrency('zh')).toBe('CNY');
    expect(defaultValuationCurrency('hk')).toBe('CNY');
    for (const l of ['en', 'jp', 'kor', 'th', 'ind']) expect(defaultValuationCurrency(l)).toBe('USD');
  });

  it('keeps a stored choice over the language, ignoring unknown values', () => {
    expect(valuationCurrencyOf('USD', 'zh')).toBe('USD');
    expect(valuationCurrencyOf('CNY', 'en')).toBe('CNY');
    expect(valuationCurrencyOf('EUR', 'en')).toBe('USD');
    expect(valuationCurrencyOf(null, 'hk')).toBe('CNY');
  });

  it('values in CNY at the currency rate, in USD through USDT (1 USDT = 1 USD), to the cent', () => {
    // 96000 USDT at 6.9641 CNY each.
    expect(formatValuation('96000', '6.9641', 'CNY', '6.9641')).toBe('¥668,553.60');
    expect(formatValuation('96000', '6.9641', 'USD', '6.9641')).toBe('$96,000.00');
    // 0.5 of a quote currency worth 13.9282 CNY (2 USDT): 1 USD.
    expect(formatValuation('0.5', '13.9282', 'USD', '6.9641')).toBe('$1.00');
    expect(formatValuation('-12.345', '6.9641', 'USD', '6.9641')).toBe('-$12.34');
  });

  it('shows nothing rather than an invented figure when a rate is missing', () => {
    expect(formatValuation('96000', '0', 'CNY', '6.9641')).toBe('');
    expect(formatValuation('96000', '6.9641', 'USD', undefined)).toBe('');
    expect(formatValuation('abc', '6.9641', 'CNY', '6.9641')).toBe('');
    expect(
      usdtCnyRateOf([
        { name: 'BTC', fiat_convert_cny: '1' },
        { name: 'USDT', fiat_convert_cny: '7.1' },
      ]),
    ).toBe('7.1');
  });
});
