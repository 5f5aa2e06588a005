import { describe, expect, it } from 'vitest';
import { binanceSymbol, symbolIndex } from './symbols';
import { intervalStart, nextIntervalStart, parseStreamName } from './stream-names';
import { percentText } from './payloads';

describe('binance symbols', () => {
  it('joins base and quote, upper case, without separator', () => {
    expect(binanceSymbol({ currencyName: 'BTC', legalName: 'USDT' })).toBe('BTCUSDT');
    expect(binanceSymbol({ currencyName: 'eth', legalName: 'usdt' })).toBe('ETHUSDT');
    expect(binanceSymbol({ currencyName: 'USDT-ERC20', legalName: 'U.S.D' })).toBe('USDTERC20USD');
  });

  it('indexes markets by the lower-case symbol; on a clash the lowest id keeps it', () => {
    const idx = symbolIndex([
      { id: 7, currencyName: 'ABC', legalName: 'USDT' },
      { id: 2, currencyName: 'AB', legalName: 'CUSDT' },
      { id: 3, currencyName: 'ETH', legalName: 'BTC' },
    ]);
    expect(idx.get('abcusdt')?.id).toBe(2);
    expect(idx.get('ethbtc')?.id).toBe(3);
    expect(idx.get('ETHBTC')).toBeUndefined();
  });
});

describe('stream names', () => {
  it('parses every stream kind', () => {
    expect(parseStreamName('btcusdt@trade')).toEqual({ kind: 'trade', symbol: 'btcusdt' });
    expect(parseStreamName('btcusdt@aggTrade')).toEqual({ kind: 'aggTrade', symbol: 'btcusdt' });
    expect(parseStreamName('btcusdt@depth')).toEqual({ kind: 'depth', symbol: 'btcusdt', speedMs: 1000 });
    expect(parseStreamName('btcusdt@depth@100ms')).toEqual({
      kind: 'depth',
      symbol: 'btcusdt',
      speedMs: 100,
    });
    expect(parseStreamName('btcusdt@depth20@100ms')).toEqual({
      kind: 'partialDepth',
      symbol: 'btcusdt',
      levels: 20,
      speedMs: 100,
    });
    expect(parseStreamName('btcusdt@depth5')).toEqual({
      kind: 'partialDepth',
      symbol: 'btcusdt',
      levels: 5,
      speedMs: 1000,
    });
    expect(parseStreamName('btcusdt@kline_1M')).toEqual({ kind: 'kline', symbol: 'btcusdt', interval: '1M' });
    expect(parseStreamName('btcusdt@kline_1m')).toEqual({ kind: 'kline', symbol: 'btcusdt', interval: '1m' });
    for (const k of ['ticker', 'miniTicker', 'bookTicker'])
      expect(parseStreamName(`ethbtc@${k}`)).toEqual({ kind: k, symbol: 'ethbtc' });
  });

  it('refuses what Binance does not name', () => {
    for (const bad of [
      'BTCUSDT@trade',
      'btcusdt@trades',
      'btcusdt@kline_2m',
      'btcusdt@trade@100ms',
      'btcusdt',
      '@trade',
      'btcusdt@depth@250ms',
      'btcusdt@depth@1000ms',
      'btcusdt@depth15',
      'btc/usdt@trade',
      'btcusdt@kline_',
      'btcusdt@__proto__',
    ])
      expect(parseStreamName(bad), bad).toBeNull();
  });

  it('bars start in UTC: weeks on Monday, months on the 1st', () => {
    const t = Date.UTC(2026, 10, 27, 3, 50, 7); // a Friday
    expect(intervalStart('1m', t)).toBe(Date.UTC(2026, 10, 27, 3, 50));
    expect(intervalStart('15m', t)).toBe(Date.UTC(2026, 10, 27, 3, 45));
    expect(intervalStart('4h', t)).toBe(Date.UTC(2026, 10, 27, 0));
    expect(intervalStart('1d', t)).toBe(Date.UTC(2026, 10, 27));
    expect(intervalStart('1w', t)).toBe(Date.UTC(2026, 10, 23));
    expect(intervalStart('1M', t)).toBe(Date.UTC(2026, 10, 1));
    expect(nextIntervalStart('1M', Date.UTC(2026, 11, 1))).toBe(Date.UTC(2027, 0, 1));
    expect(nextIntervalStart('1w', Date.UTC(2026, 10, 23))).toBe(Date.UTC(2026, 10, 30));
  });

  it('formats a percentage with three decimals', () => {
    expect(percentText(25n, 1000n)).toBe('2.500');
    expect(percentText(-1n, 3n)).toBe('-33.333');
    expect(percentText(2n, 3n)).toBe('66.667');
    expect(percentText(5n, 0n)).toBe('0.000');
  });
});
