import { describe, expect, it } from 'vitest';
import {
  chartPriceFormat,
  formatChartNumber,
  formatChartVolume,
  initialRange,
  scaleDecimals,
} from './price-format';

describe('chart price format', () => {
  it('follows the market price decimals', () => {
    expect(chartPriceFormat(2, 100_000)).toEqual({ precision: 2, minMove: 0.01 });
    expect(chartPriceFormat(6, 100_000)).toEqual({ precision: 6, minMove: 0.000001 });
    expect(chartPriceFormat(0, 100_000)).toEqual({ precision: 0, minMove: 1 });
  });
  it('caps at 8 places and falls back to the page price scale', () => {
    expect(chartPriceFormat(12, 100_000)).toEqual({ precision: 8, minMove: 1e-8 });
    expect(chartPriceFormat(undefined, 100_000)).toEqual({ precision: 5, minMove: 0.00001 });
    expect(chartPriceFormat(undefined, 10_000)).toEqual({ precision: 4, minMove: 0.0001 });
    expect(chartPriceFormat(-1, 10_000).precision).toBe(4);
    expect(scaleDecimals(1)).toBe(0);
  });
});

describe('chart numbers', () => {
  it('groups thousands with fixed places', () => {
    expect(formatChartNumber(96123.4, 2)).toBe('96,123.40');
    expect(formatChartNumber(1234567, 0)).toBe('1,234,567');
    expect(formatChartNumber(-1234.5, 1)).toBe('-1,234.5');
    expect(formatChartNumber(0.00001234, 8)).toBe('0.00001234');
    expect(formatChartNumber(Number.NaN, 2)).toBe('--');
  });
  it('shows volumes with at most 4 places', () => {
    expect(formatChartVolume(12345.678912)).toBe('12,345.6789');
    expect(formatChartVolume(2.5)).toBe('2.5');
    expect(formatChartVolume(3000)).toBe('3,000');
  });
});

describe('initial visible range', () => {
  it('shows the latest bars of a long history', () => {
    expect(initialRange(500)).toEqual({ from: 380, to: 503 });
  });
  it('spreads a few bars over the chart from the first one', () => {
    expect(initialRange(60)).toEqual({ from: -0.5, to: 60.5 });
    expect(initialRange(5)).toEqual({ from: -0.5, to: 24.5 });
    expect(initialRange(0)).toBeNull();
  });
});
