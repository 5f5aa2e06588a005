import { describe, expect, it } from 'vitest';
import { isPositive, stepDecimals } from '../../shared/lib/display-decimal';
import {
  bandPrice,
  bpsPercent,
  deviationBps,
  exactDecimal,
  sanitizeDecimal,
  sliderAmount,
  totalOf,
} from './amount';

describe('trade panel arithmetic', () => {
  it.each([
    // buy: available quote × percent ÷ price, 4 decimals, down to the step
    ['buy', 25, '10000', '3400', '0.00010000', '0.7352'],
    ['buy', 100, '10000', '3400', '0.00010000', '2.9411'],
    ['buy', 50, '1000', '0.32', '1.00000000', '1562'],
    ['buy', 25, '100', '96000', '0.00001000', '0.0002'],
    ['buy', 25, '100', '0', '0.0001', ''],
    // sell: available base × percent
    ['sell', 75, '1.23456789', '3400', '0.00010000', '0.9259'],
    ['sell', 100, '7.5', '0', '0.10000000', '7.5'],
    ['sell', 0, '7.5', '1', '0.1', ''],
  ] as const)('%s %s %% of %s at %s (step %s) = %s', (side, percent, available, price, amountStep, want) => {
    expect(sliderAmount({ side, percent, available, price, amountStep })).toBe(want);
  });

  it('works out totals and step decimals exactly', () => {
    expect(totalOf('3400.01', '0.0003', 8)).toBe('1.02000300');
    expect(totalOf('', '1', 2)).toBe('');
    expect(stepDecimals('0.00010000')).toBe(4);
    expect(stepDecimals('1.00000000')).toBe(0);
  });

  it('keeps only digits and one point in decimal fields', () => {
    expect(sanitizeDecimal('1e5', 8)).toBe('15');
    expect(sanitizeDecimal('-3.5', 8)).toBe('3.5');
    expect(sanitizeDecimal('00012.3.4', 8)).toBe('12.34');
    expect(sanitizeDecimal('.5', 8)).toBe('0.5');
    expect(sanitizeDecimal('1.23456', 2)).toBe('1.23');
    expect(sanitizeDecimal('12.7', 0)).toBe('12');
    expect(isPositive('0.000')).toBe(false);
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('abc')).toBe(false);
  });

  it('moves a price by the protection band, exactly', () => {
    expect(bandPrice('60000', 500, 'buy')).toBe('63000.000000000000000000');
    expect(bandPrice('0.32', 500, 'sell')).toBe('0.304000000000000000');
    expect(bandPrice('0', 500, 'buy')).toBe('');
  });

  it('measures how far a price lies from the last price', () => {
    expect(deviationBps('66000', '60000')).toBe(1000);
    expect(deviationBps('53999.99', '60000')).toBe(1000);
    expect(deviationBps('60000', '60000')).toBe(0);
    expect(deviationBps('1', '0')).toBeNull();
    expect(bpsPercent(1234)).toBe('12.34');
    expect(bpsPercent(500)).toBe('5');
  });

  it('shows amounts exactly, never truncated below what was filled', () => {
    expect(exactDecimal('0.00099000', 5)).toBe('0.00099');
    expect(exactDecimal('0.00100000', 5)).toBe('0.00100');
    expect(exactDecimal('60009.00000000', 2)).toBe('60009.00');
    expect(exactDecimal('60003.33333333', 2)).toBe('60003.33333333');
    expect(exactDecimal('0.00000200')).toBe('0.000002');
    expect(exactDecimal('5.00000000')).toBe('5');
    expect(exactDecimal('--')).toBe('--');
  });
});
