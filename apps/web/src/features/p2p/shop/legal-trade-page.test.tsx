// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrencyListCall } from '@oryx/contracts/market/calls';
import {
  ShopAdInfoCall,
  ShopPlatformCall,
  ShopTakeCall,
  type ShopAdRow,
} from '@oryx/contracts/p2p/shop-calls';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import LegalTradePage from './legal-trade-page';

const AD: ShopAdRow = {
  id: 7,
  type: 'sell',
  shop_id: 3,
  seller_name: 'Test Shop',
  currency_id: 1,
  currency_name: 'USDT',
  coin_code: 'CNY',
  price: '7.00',
  total_number: '10.00000000',
  surplus_number: '10.00000000',
  limitation: { min: '7.00', max: '35.00' },
  is_shelves: 1,
  is_done: 0,
  way: 'bank',
  way_name: 'Bank card',
  create_time: '2026-01-01 00:00:00',
};
const page1 = (data: ShopAdRow[]) => ({ data, current_page: 1, total: data.length, last_page: 1 });

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

const byTestId = (id: string) => document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)!;

describe('/legalTrade', () => {
  it('lists the shop ads, checks the amount in the take dialog, takes and opens the deal', async () => {
    const server = contractFetch([
      handle(CurrencyListCall, () => ({ legal: [{ id: 1, name: 'USDT' }], currency: [] })),
      handle(ShopPlatformCall, () => page1([AD])),
      handle(ShopAdInfoCall, () => ({ ...AD, user_legal_balance: '3.00000000' })),
      handle(ShopTakeCall, () => ({
        msg: 'Order placed',
        data: { id: 42, type: 'sell' as const, my_side: 'buy' as const },
      })),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<LegalTradePage />, '/legalTrade');
    await page.waitFor(() => expect(page!.text()).toContain('Test Shop'));
    // The per-order limits are fiat money.
    expect(page.text()).toContain('7 – 35 CNY');
    // "I want to buy" lists the ads where a shop sells.
    expect(server.calls.find((c) => c.path === ShopPlatformCall.path)?.input).toMatchObject({ type: 'sell' });

    await click(byTestId('shop-take-7'));
    await page.waitFor(() => expect(byTestId('shop-take-value')).toBeTruthy());
    for (const [value, message] of [
      ['1e3', 'Enter a plain number'],
      ['0', 'greater than 0'],
      ['1.123456789', 'Too many decimal places'],
    ] as const) {
      await fillIn(byTestId('shop-take-value'), value);
      await fillIn(byTestId('shop-take-password'), 'pw-123456');
      await click(byTestId('shop-take-ok'));
      expect(page.text()).toContain(message);
    }
    // By money, outside the per-order limits (fiat): refused here, naming the limits.
    await click([...document.querySelectorAll('button')].find((b) => b.textContent === 'By amount')!);
    for (const value of ['6.99', '35.01']) {
      await fillIn(byTestId('shop-take-value'), value);
      await fillIn(byTestId('shop-take-password'), 'pw-123456');
      await click(byTestId('shop-take-ok'));
      expect(page.text()).toContain('7 – 35 CNY');
      expect(page.text()).toContain('Outside this ad’s per-order limits');
    }
    expect(server.calls.some((c) => c.path === ShopTakeCall.path)).toBe(false);
    await click([...document.querySelectorAll('button')].find((b) => b.textContent === 'By quantity')!);

    await fillIn(byTestId('shop-take-value'), '2');
    await fillIn(byTestId('shop-take-password'), 'pw-123456');
    await click(byTestId('shop-take-ok'));
    // A sell ad taken (`type` the ad's side): the taker buys (`my_side`) and goes to pay.
    await page.waitFor(() => expect(page!.text()).toContain('/legalPay'));
    expect(page.text()).not.toContain('/legalPayDetail');
    expect(server.calls.find((c) => c.path === ShopTakeCall.path)?.input).toMatchObject({
      id: 7,
      means: 'number',
      value: '2',
      password: 'pw-123456',
    });
  });
});
