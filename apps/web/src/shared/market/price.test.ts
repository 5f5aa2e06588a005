import { describe, expect, it } from 'vitest';
import { findMarket, formatPrice, tickDecimals } from './price';

describe('formatPrice', () => {
  it('shows a price with exactly the market tick decimals, grouped and truncated', () => {
    expect(formatPrice('96123.5', 2)).toBe('96,123.50');
    expect(formatPrice('96123.50000000', 2)).toBe('96,123.50');
    expect(formatPrice('0.00012345', 8)).toBe('0.00012345');
    expect(formatPrice('0.00012345', 6)).toBe('0.000123');
    expect(formatPrice('1234', 0)).toBe('1,234');
  });

  it('shows the server text (grouped) while the decimals are unknown, and caps them at 8', () => {
    expect(formatPrice('96123.50', undefined)).toBe('96,123.50');
    expect(formatPrice('96123.5', null)).toBe('96,123.5');
    expect(formatPrice('1.123456789', 12)).toBe('1.12345678');
    expect(tickDecimals(-1)).toBeNull();
    expect(tickDecimals(2.5)).toBeNull();
  });

  it('finds a market by id, by its pair of ids or by symbol', () => {
    const items = [
      { id: 1, legal_id: 3, currency_id: 2, symbol: 'BTC/USDT', price_decimals: 2 },
      { id: 7, legal_id: 3, currency_id: 9, symbol: 'DOGE/USDT', price_decimals: 6 },
    ] as unknown as Parameters<typeof findMarket>[0];
    expect(findMarket(items, { id: 7 })?.price_decimals).toBe(6);
    expect(findMarket(items, { legalId: 3, currencyId: 2 })?.price_decimals).toBe(2);
    expect(findMarket(items, { symbol: 'DOGE/USDT' })?.symbol).toBe('DOGE/USDT');
    expect(findMarket(items, { id: 99 })).toBeUndefined();
  });
});
