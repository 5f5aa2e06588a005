// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LeverDealCall, LeverSubmitCall } from '@oryx/contracts/lever/calls';
import { QuotationNewCall } from '@oryx/contracts/market/calls';
import type { MarketDepthEvent } from '@oryx/contracts/socket';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import LeverDealCenterPage from './lever-deal-center-page';
import { byTestId, leverDeal, leverMarket, quotationOf, testSocket, texts } from './test-fixtures';

vi.mock('@/shared/socket/socket', async () => {
  const { testSocket } = await import('./test-fixtures');
  return { getSocket: () => testSocket };
});
vi.mock('@/shared/chart/candle-chart', () => ({ CandleChart: () => null }));

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.legalId, STORAGE_KEYS.currencyId]) storage.remove(key);
  vi.unstubAllGlobals();
});

function serve(submitted: unknown[] = []) {
  const server = contractFetch([
    handle(QuotationNewCall, () =>
      quotationOf([
        leverMarket(),
        leverMarket({ id: 5, currency_id: 9, currency_name: 'DOGE', open_lever: 0 }),
      ]),
    ),
    handle(LeverDealCall, () => leverDeal()),
    handle(LeverSubmitCall, (input) => {
      submitted.push(input);
      return 'Order placed';
    }),
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

describe('/leverdealCenter', () => {
  it('shows the market of the query: 8 asks and 8 bids, the terms, my positions; only lever markets are offered', async () => {
    const server = serve();
    page = await renderPage(<LeverDealCenterPage />, '/leverdealCenter?legalId=1&currencyId=2');
    await page.waitFor(() => expect(texts('lever-ask')).toHaveLength(8));
    expect(texts('lever-bid')).toHaveLength(8);
    // Best ask (the last of `out`) sits next to the mark; the best bid right under it.
    expect(texts('lever-ask').at(-1)).toContain('96,010.00');
    expect(texts('lever-bid')[0]).toContain('95,990.00');
    expect(texts('lever-last')[0]).toContain('96,000.00');
    expect(server.calls.find((c) => c.path === LeverDealCall.path)?.input).toEqual({
      legal_id: 1,
      currency_id: 2,
    });
    const options = [...byTestId<HTMLSelectElement>('lever-market').options].map((o) => o.textContent);
    expect(options).toEqual(['BTC/USDT']);
    expect(byTestId('lever-my-positions').textContent).toContain('96,096.00');
    expect(byTestId('lever-my-positions').textContent).toContain('Long');
    // A depth push of this market replaces the book (another market's leaves it alone).
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
      bids: [['96050.00', '2']],
      asks: [
        ['96200.00', '1'],
        ['96150.00', '0.75'],
      ],
    };
    act(() => testSocket.push('market_depth', { ...depth, currency_id: 3, bids: [] }));
    act(() => testSocket.push('market_depth', depth));
    await page.waitFor(() => expect(texts('lever-bid')).toEqual([expect.stringContaining('96,050.00')]));
    expect(texts('lever-ask')).toEqual([
      expect.stringContaining('96,200.00'),
      expect.stringContaining('96,150.00'),
    ]);
    expect(texts('lever-last')[0]).toContain('96,100.00');
    // The market opened from the query is remembered for a plain /leverdealCenter.
    expect(storage.get(STORAGE_KEYS.currencyId)).toBe('2');
  });

  it('estimates margin and fee as the spec computes them, validates, asks the trade password and submits', async () => {
    const submitted: unknown[] = [];
    serve(submitted);
    page = await renderPage(<LeverDealCenterPage />, '/leverdealCenter?legalId=1&currencyId=2');
    await page.waitFor(() => expect(texts('lever-preset')).toEqual(['1', '2', '5']));

    // The lowest multiple the market offers is chosen from the start.
    await page.waitFor(() => expect(byTestId<HTMLSelectElement>('lever-multiple').value).toBe('10'));
    await fillIn(byTestId<HTMLInputElement>('lever-lots'), '2');
    // Long at the mark 96000 + 0.1 % = 96096; 96096 x 2 x 0.01 = 1921.92; / 10 = 192.192; x 0.2 % = 3.84384.
    // The contract value is at the same open price as the margin.
    expect(texts('lever-preview-open')[0]).toContain('96096.0000');
    expect(texts('lever-preview-total')[0]).toContain('1921.9200');
    // 5000 free covers the position down to 0: no liquidation price.
    expect(texts('lever-preview-liquidation')[0]).toBe('None');
    expect(texts('lever-preview-margin')[0]).toContain('192.1920');
    expect(texts('lever-preview-fee')[0]).toContain('3.8438');

    // Lots beyond the limits are flagged while typing.
    await fillIn(byTestId<HTMLInputElement>('lever-lots'), '101');
    expect(page.text()).toContain('Value cannot exceed 100');
    await fillIn(byTestId<HTMLInputElement>('lever-lots'), '2');

    await click(byTestId('lever-submit'));
    await page.waitFor(() => expect(texts('lever-password-dialog')).toHaveLength(1));
    expect(texts('lever-confirm')[0]).toContain('192.1920');
    // The password is required.
    await click(byTestId('lever-password-ok'));
    expect(page.text()).toContain('Enter the trade password');
    await fillIn(byTestId<HTMLInputElement>('lever-password'), '123456');
    await click(byTestId('lever-password-ok'));
    await page.waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      legal_id: 1,
      currency_id: 2,
      multiple: 10,
      share: 2,
      type: 1,
      status: 1,
      target_price: '',
      password: '123456',
      // Each submission is named, so a retried request opens one order.
      client_id: expect.stringMatching(/^[\w-]{8,}$/),
    });
    // A market order opens a position: on to the positions.
    await page.waitFor(() => expect(texts('elsewhere')).toEqual(['/leverTransactions']));
  });

  it('a short limit order takes the spread off the typed price and goes to the order tabs', async () => {
    const submitted: unknown[] = [];
    serve(submitted);
    page = await renderPage(<LeverDealCenterPage />, '/leverdealCenter?legalId=1&currencyId=2');
    await page.waitFor(() => expect(texts('lever-preset')).toHaveLength(3));
    await click([...document.querySelectorAll('[role="tab"]')].find((e) => e.textContent === 'Short')!);
    await click([...document.querySelectorAll('[role="tab"]')].find((e) => e.textContent === 'Limit')!);
    await fillIn(byTestId<HTMLSelectElement>('lever-multiple'), '20');
    await click(byTestId('lever-submit'));
    await page.waitFor(() => expect(page!.text()).toContain('Enter a limit price'));
    await fillIn(byTestId<HTMLInputElement>('lever-price'), '100000');
    await fillIn(byTestId<HTMLInputElement>('lever-lots'), '5');
    // 100000 - 100 = 99900; x 5 x 0.01 = 4995; / 20 = 249.75; x 0.2 % = 9.99.
    expect(texts('lever-preview-open')[0]).toContain('99900.0000');
    expect(texts('lever-preview-margin')[0]).toContain('249.7500');
    expect(texts('lever-preview-fee')[0]).toContain('9.9900');
    await click(byTestId('lever-submit'));
    await page.waitFor(() => expect(texts('lever-password')).toHaveLength(1));
    await fillIn(byTestId<HTMLInputElement>('lever-password'), '123456');
    await click(byTestId('lever-password-ok'));
    await page.waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({
      type: 2,
      status: 0,
      target_price: '100000',
      multiple: 20,
      share: 5,
    });
    await page.waitFor(() => expect(texts('elsewhere')).toEqual(['/leverList']));
  });

  it('says the pair is delisted when the query names a market without lever trading', async () => {
    serve();
    page = await renderPage(<LeverDealCenterPage />, '/leverdealCenter?legalId=1&currencyId=9');
    await page.waitFor(() => expect(texts('lever-delisted')).toHaveLength(1));
    expect(texts('lever-delisted')[0]).toContain('delisted');
  });

  it('sends a visitor to the login page', async () => {
    storage.remove(STORAGE_KEYS.token);
    serve();
    page = await renderPage(<LeverDealCenterPage />, '/leverdealCenter');
    await page.waitFor(() => expect(texts('elsewhere')).toEqual(['/components/login']));
  });
});
