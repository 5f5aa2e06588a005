import { describe, expect, it } from 'vitest';
import type { QuotationGroup, QuotationItem } from '@oryx/contracts/market/calls';
import type { DayMarketEvent } from '@oryx/contracts/socket';
import { applyDayMarket, setAdded } from './quotation';
import { nextSort, sortQuotation } from './sort';

const item = (id: number, currency: string, price: string, change: string, volume = '0'): QuotationItem => ({
  id,
  legal_id: 1,
  legal_name: 'USDT',
  currency_id: id + 1,
  currency_name: currency,
  symbol: `${currency}/USDT`,
  now_price: price,
  change,
  volume,
  high: price,
  low: price,
  is_display: 1,
  open_coin_trade: 1,
  open_lever: 0,
  open_microtrade: 0,
  lever_share_num: '1',
  lever_trade_fee: '0',
  spread: '0',
  rmb_relation: '0',
  added: false,
  price_decimals: 2,
  amount_decimals: 4,
});

describe('market table sorting', () => {
  const items = [
    item(1, 'BTC', '96000.00', '+1.00'),
    item(2, 'ETH', '3400.00', '-2.00'),
    item(3, 'DOGE', '0.32', '0.00'),
  ];
  it('toggles direction on the same column and starts ascending on a new one', () => {
    expect(nextSort(null, 'price')).toEqual({ key: 'price', dir: 'asc' });
    expect(nextSort({ key: 'price', dir: 'asc' }, 'price')).toEqual({ key: 'price', dir: 'desc' });
    expect(nextSort({ key: 'price', dir: 'desc' }, 'price')).toEqual({ key: 'price', dir: 'asc' });
    expect(nextSort({ key: 'price', dir: 'desc' }, 'change')).toEqual({ key: 'change', dir: 'asc' });
  });
  it('sorts numerically, not as text, both ways', () => {
    const ids = (s: Parameters<typeof sortQuotation>[1]) => sortQuotation(items, s).map((q) => q.id);
    expect(ids({ key: 'price', dir: 'asc' })).toEqual([3, 2, 1]);
    expect(ids({ key: 'price', dir: 'desc' })).toEqual([1, 2, 3]);
    expect(ids({ key: 'change', dir: 'asc' })).toEqual([2, 3, 1]);
    expect(ids({ key: 'pair', dir: 'asc' })).toEqual([1, 3, 2]);
    expect(ids(null)).toEqual([1, 2, 3]);
  });
});

describe('live quotation cache', () => {
  const groups: QuotationGroup[] = [
    {
      id: 1,
      name: 'USDT',
      fiat_convert_cny: '6.9641',
      rmb_relation: '6.9641',
      quotation: [item(1, 'BTC', '96000.00', '0.00')],
    },
  ];
  it('patches the matching market from a daymarket push and leaves others alone', () => {
    const next = applyDayMarket(groups, {
      type: 'daymarket',
      legal_id: 1,
      currency_id: 2,
      legal_name: 'USDT',
      currency_name: 'BTC',
      symbol: 'BTC/USDT',
      now_price: '97000.00',
      change: '+1.04',
      volume: '12.5',
      high: '97100.00',
      low: '95900.00',
    });
    expect(next?.[0]?.quotation[0]).toMatchObject({ now_price: '97000.00', change: '+1.04', volume: '12.5' });
    const other = applyDayMarket(groups, {
      type: 'daymarket',
      legal_id: 9,
      currency_id: 2,
    } as DayMarketEvent);
    expect(other).toBe(groups);
    expect(applyDayMarket(undefined, {} as never)).toBeUndefined();
  });
  it('flips the favourite flag of one market', () => {
    expect(setAdded(groups, 1, true)?.[0]?.quotation[0]?.added).toBe(true);
  });
});
