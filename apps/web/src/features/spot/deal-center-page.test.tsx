// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { QuotationNewCall, type QuotationItem } from '@oryx/contracts/market/calls';
import type { MarketDepthEvent, MatchTradeEvent } from '@oryx/contracts/socket';
import { DealCall } from '@oryx/contracts/spot/calls';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import DealCenterPage from './deal-center-page';

// The socket is a small emitter the test pushes through; the chart draws on a canvas, which a DOM
// without layout does not have, and has its own kline call.
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const fake = {
    connected: true,
    on(event: string, fn: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
      return fake;
    },
    off(event: string, fn: (payload: unknown) => void) {
      listeners.get(event)?.delete(fn);
      return fake;
    },
    emit: () => fake,
    push(event: string, payload: unknown) {
      for (const fn of listeners.get(event) ?? []) fn(payload);
    },
  };
  return fake;
});
vi.mock('@/shared/socket/socket', () => ({ getSocket: () => socket }));
vi.mock('@/shared/chart/candle-chart', () => ({ CandleChart: () => null }));

function market(id: number, currency: string, price: string, isDisplayed = 1): QuotationItem {
  return {
    id,
    legal_id: 1,
    legal_name: 'USDT',
    currency_id: id + 1,
    currency_name: currency,
    symbol: `${currency}/USDT`,
    now_price: price,
    change: '+1.25',
    volume: '1200.5',
    high: price,
    low: price,
    is_display: isDisplayed,
    open_coin_trade: 1,
    open_lever: 0,
    open_microtrade: 0,
    lever_share_num: '1',
    lever_trade_fee: '0',
    spread: '0',
    rmb_relation: '7',
    added: false,
    price_decimals: 2,
    amount_decimals: 4,
  };
}

const quotation: z.input<typeof QuotationNewCall.reply> = [
  {
    id: 1,
    name: 'USDT',
    fiat_convert_cny: '7',
    rmb_relation: '7',
    quotation: [market(1, 'BTC', '96000.00'), market(2, 'ETH', '3400.00')],
  },
];

function deal(input: { legal_id?: number; currency_id?: number }): z.input<typeof DealCall.reply> {
  const isEth = input.currency_id === 3;
  return {
    match_id: isEth ? 2 : 1,
    legal_id: 1,
    currency_id: input.currency_id ?? 2,
    legal_name: 'USDT',
    currency_name: isEth ? 'ETH' : 'BTC',
    symbol: isEth ? 'ETH/USDT' : 'BTC/USDT',
    last_price: isEth ? '3400.00' : '96000.00',
    user_cny: '672000.00',
    in: [{ price: '95990.00', number: '0.5' }],
    // Asks come highest price first, the best ask last (next to the last price).
    out: [
      { price: '96020.00', number: '1.5' },
      { price: '96010.00', number: '0.25' },
    ],
    complete: [
      {
        id: 7,
        create_time: '2026-01-05 16:00:07',
        time: '2026-01-05 16:00:07',
        price: '96000.00',
        number: '0.1',
        direction: 'buy',
        way: 1,
      },
    ],
    price_decimals: 2,
    amount_decimals: 4,
    price_tick: '0.01',
    amount_step: '0.0001',
    min_amount: '0.0001',
    min_notional: '1',
    maker_fee_bps: 10,
    taker_fee_bps: 10,
    open_coin_trade: 1,
    market_band_bps: 500,
    price_warn_bps: 1000,
  };
}

let page: RenderedPage | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
  for (const key of [STORAGE_KEYS.dealLegalId, STORAGE_KEYS.dealCurrencyId, STORAGE_KEYS.dealIndex1]) {
    storage.remove(key);
  }
  vi.unstubAllGlobals();
});

const all = (testId: string) =>
  [...page!.container.querySelectorAll(`[data-testid="${testId}"]`)].map((e) => e.textContent ?? '');

describe('/dealCenter', () => {
  it('shows the market of the query: book, last price and trades, then follows the socket pushes', async () => {
    const server = contractFetch([
      handle(QuotationNewCall, () => quotation),
      handle(DealCall, (input) => deal(input)),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<DealCenterPage />, '/dealCenter?legalId=1&currencyId=2');

    await page.waitFor(() => expect(all('book-ask')).toHaveLength(2));
    expect(server.calls.find((c) => c.path === DealCall.path)?.input).toEqual({
      legal_id: 1,
      currency_id: 2,
    });
    expect(all('book-bid')).toEqual([expect.stringContaining('95,990.00')]);
    // Book prices carry the market's tick decimals (2 here), not the price scale's 8.
    expect(document.querySelector('[data-testid="book-bid"] span:nth-child(2)')?.textContent).toBe(
      '95,990.00',
    );
    // The best ask is the row next to the last price.
    expect(all('book-ask')).toEqual([
      expect.stringContaining('96,020.00'),
      expect.stringContaining('96,010.00'),
    ]);
    expect(all('book-last')[0]).toContain('96,000.00');
    // Valued in USD by default in English, through USDT (1 USDT = 1 USD).
    expect(all('book-cny')[0]).toBe('≈ $96,000.00');
    expect(all('recent-trade')).toEqual([expect.stringContaining('16:00:07')]);
    // A visitor sees the login prompt instead of orders, and no private call is made.
    expect(page.text()).toContain('Log in to see your orders.');
    expect(server.calls.map((c) => c.path).sort()).toEqual([DealCall.path, QuotationNewCall.path].sort());
    // The market opened from the query is remembered for a plain /dealCenter.
    expect(storage.get(STORAGE_KEYS.dealCurrencyId)).toBe('2');

    const depth: MarketDepthEvent = {
      type: 'market_depth',
      symbol: 'BTC/USDT',
      legal_id: 1,
      currency_id: 2,
      token: '',
      last_price: '96100.00',
      proportion: '1.30',
      yesterday: '95000.00',
      today: '96100.00',
      bids: [
        ['96050.00', '2'],
        ['96000.00', '1'],
      ],
      asks: [['96150.00', '0.75']],
    };
    socket.push('market_depth', depth);
    await page.waitFor(() => expect(all('book-bid')).toHaveLength(2));
    expect(all('book-ask')).toEqual([expect.stringContaining('96,150.00')]);
    expect(all('book-last')[0]).toContain('96,100.00');
    expect(all('book-cny')[0]).toBe('≈ $96,100.00');
    // In CNY when the user chooses it: the pushed price x 7, not the snapshot's user_cny.
    act(() => storage.set(STORAGE_KEYS.valuationCurrency, 'CNY'));
    expect(all('book-cny')[0]).toBe('≈ ¥672,700.00');

    // Another market's pushes leave this one alone; a trade of this one comes first in the list.
    socket.push('market_depth', { ...depth, currency_id: 3, asks: [] });
    const trade: MatchTradeEvent = {
      type: 'match_trade',
      symbol: 'BTC/USDT',
      legal_id: 1,
      currency_id: 2,
      // 2026-01-05 08:01:02 UTC: 16:01:02 in Asia/Shanghai, the exchange's time.
      data: [{ ts: Date.UTC(2026, 0, 5, 8, 1, 2), price: '96120.00', amount: '0.3', direction: 'sell' }],
    };
    socket.push('match_trade', trade);
    await page.waitFor(() => expect(all('recent-trade')).toHaveLength(2));
    expect(all('recent-trade')[0]).toContain('96,120.00');
    expect(all('recent-trade')[0]).toContain('16:01:02');
    expect(all('book-ask')).toHaveLength(1);
  });

  it('says when the socket drops: a Reconnecting notice, prices marked not live, until it is back', async () => {
    const server = contractFetch([
      handle(QuotationNewCall, () => quotation),
      handle(DealCall, (input) => deal(input)),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<DealCenterPage />, '/dealCenter?legalId=1&currencyId=2');
    await page.waitFor(() => expect(all('book-ask')).toHaveLength(2));
    expect(all('live-notice')).toEqual([]);
    expect(all('live-badge')).toEqual(['Live']);

    act(() => {
      socket.connected = false;
      socket.push('disconnect', 'transport close');
    });
    await page.waitFor(() => expect(all('live-notice')).toEqual([expect.stringContaining('Reconnecting')]));
    expect(all('live-badge')).toEqual(['Not live']);
    const root = page.container.querySelector('[data-testid="deal-center"]');
    expect(root?.getAttribute('data-live')).toBe('false');

    act(() => {
      socket.connected = true;
      socket.push('connect', undefined);
    });
    await page.waitFor(() => expect(all('live-notice')).toEqual([]));
    expect(all('live-badge')).toEqual(['Live']);
  });

  it('opens the first displayed market without a query or a stored choice', async () => {
    const server = contractFetch([
      handle(QuotationNewCall, () => quotation),
      handle(DealCall, (input) => deal(input)),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<DealCenterPage />, '/dealCenter');
    await page.waitFor(() => expect(all('book-ask')).toHaveLength(2));
    expect(server.calls.find((c) => c.path === DealCall.path)?.input).toEqual({
      legal_id: 1,
      currency_id: 2,
    });
  });
});
