import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  changeSign,
  compareDecimal,
  convertDecimal,
  formatChange,
  formatDecimal,
  formatGrouped,
  groupDigits,
  isPositive,
  isZeroDecimal,
  mulDecimals,
  stepDecimals,
  toDisplayMinor,
  trimZeros,
  truncateDecimals,
} from './display-decimal';

describe('display decimals', () => {
  it('formats with a fixed number of places, truncating, and leaves unreadable text alone', () => {
    expect(formatDecimal('96000.00', 4)).toBe('96000.0000');
    expect(formatDecimal('0.123456', 4)).toBe('0.1234');
    expect(formatDecimal('0.99999999', 2)).toBe('0.99');
    expect(formatDecimal('-0.99999999', 2)).toBe('-0.99');
    expect(formatDecimal('+1.5', 2)).toBe('1.50');
    expect(formatDecimal('12', 0)).toBe('12');
    expect(formatDecimal('--', 2)).toBe('--');
    expect(formatDecimal('1e5', 2)).toBe('1e5');
  });

  it('keeps digits a JS number would lose', () => {
    expect(formatDecimal('123456789012.123456789', 9)).toBe('123456789012.123456789');
    expect(toDisplayMinor('0.000000000000000001')).toBe(1n);
    expect(toDisplayMinor('abc')).toBeNull();
  });

  it('truncates to at most n places without padding', () => {
    expect(truncateDecimals('12.345678', 4)).toBe('12.3456');
    expect(truncateDecimals('12.3', 4)).toBe('12.3');
    expect(truncateDecimals('5', 2)).toBe('5');
    expect(truncateDecimals('5.99', 0)).toBe('5');
  });

  it('converts at a rate and compares exactly', () => {
    expect(convertDecimal('96000.00', '6.9641', 2)).toBe('668553.60');
    expect(convertDecimal('0.24', '6.9641', 2)).toBe('1.67');
    expect(convertDecimal('x', '6.9641', 2)).toBe('');
    expect(compareDecimal('10.5', '9.99')).toBe(1);
    expect(compareDecimal('-0.5', '+0.1')).toBe(-1);
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('?', '0')).toBe(-1);
  });

  it('signs and formats change percents', () => {
    expect(changeSign('+2.5')).toBe(1);
    expect(changeSign('-0.01')).toBe(-1);
    expect(changeSign('0.00')).toBe(0);
    expect(formatChange('+2.5')).toBe('+2.50%');
    expect(formatChange('-0.4')).toBe('-0.40%');
    expect(formatChange('0.00')).toBe('0.00%');
  });

  it('adds and multiplies balance fields, an unreadable field counting as zero', () => {
    expect(addDecimals('1.5', '0.25')).toBe('1.75000000');
    expect(addDecimals('1.5', '')).toBe('1.50000000');
    expect(mulDecimals('2.5', '96000.12345', 4)).toBe('240000.3086');
    expect(mulDecimals('0.1', '0.2', 2)).toBe('0.02');
    expect(isZeroDecimal('0.00000000')).toBe(true);
    expect(isZeroDecimal('')).toBe(true);
    expect(isZeroDecimal('0.00000001')).toBe(false);
  });

  it('tells positive inputs, trims zeros, groups digits and reads step decimals', () => {
    expect(isPositive(' 0.1 ')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('-1')).toBe(false);
    expect(isPositive('abc')).toBe(false);
    expect(trimZeros('10000.00000000')).toBe('10000');
    expect(trimZeros('0.50000000')).toBe('0.5');
    expect(trimZeros('100')).toBe('100');
    expect(groupDigits('1234567.5')).toBe('1,234,567.5');
    expect(groupDigits('-1234')).toBe('-1,234');
    expect(groupDigits('999')).toBe('999');
    expect(stepDecimals('0.00010000')).toBe(4);
    expect(stepDecimals('1.00000000')).toBe(0);
    expect(stepDecimals('1')).toBe(0);
  });

  it('shows prices with fixed places and grouped thousands', () => {
    expect(formatGrouped('96123.5', 2)).toBe('96,123.50');
    expect(formatGrouped('3333.33', 8)).toBe('3,333.33000000');
    expect(formatGrouped('1234567.123456789', 8)).toBe('1,234,567.12345678');
    expect(formatGrouped('0.00001234', 8)).toBe('0.00001234');
    expect(formatGrouped('-1234.5', 1)).toBe('-1,234.5');
    expect(formatGrouped('abc', 2)).toBe('abc');
  });
});
