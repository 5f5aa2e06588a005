// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { C2cDealCall, C2cPayCall, C2cSureCall, C2cUserSureCall } from '@oryx/contracts/p2p/calls';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import C2cDetailPage from './c2c-detail-page';
import { formatLeft } from './components/time-left';
import { byTestId, deal, testSocket, texts } from './test-fixtures';

vi.mock('@/shared/socket/socket', async () => {
  const { testSocket } = await import('./test-fixtures');
  return { getSocket: () => testSocket };
});

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

async function givePassword(page: RenderedPage) {
  await page.waitFor(() => byTestId('c2c-password'));
  await fillIn(byTestId<HTMLInputElement>('c2c-password'), 'tp-1');
  await click(byTestId('c2c-password-ok'));
}

describe('/c2cDetail', () => {
  it('formats the time left as h:mm:ss and never below zero', () => {
    expect(formatLeft(3_725_000)).toBe('1:02:05');
    expect(formatLeft(-5)).toBe('0:00:00');
  });

  it("shows the buyer the seller's details and time left, marks paid, and follows the seller by push", async () => {
    let state = deal();
    const server = contractFetch([
      handle(C2cDealCall, () => state),
      handle(C2cPayCall, () => {
        state = deal({ is_sure: 3, expires_at: null });
        return 'Marked as paid';
      }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<C2cDetailPage />, '/c2cDetail?id=7');
    await page.waitFor(() => expect(texts('c2c-status')).toEqual(['Awaiting payment']));
    expect(texts('c2c-time-left')[0]).toMatch(/1:01:0\d|1:00:5\d/);
    expect(texts('c2c-seller-cash')[0]).toContain('6222-seller');
    // "Pay to" names the holder of the seller's payment details, not the seller's nickname or account.
    expect(texts('c2c-seller-cash')[0]).toContain('Pay to: seller');
    await click(byTestId('c2c-pay'));
    await givePassword(page);
    await page.waitFor(() => expect(texts('c2c-status')).toEqual(['Paid, awaiting release']));
    expect(server.calls.find((c) => c.path === C2cPayCall.path)?.input).toEqual({ id: 7, password: 'tp-1' });
    expect(texts('c2c-time-left')).toEqual([]);

    // The seller confirms elsewhere: the push reloads the deal.
    state = deal({ is_sure: 1, expires_at: null });
    act(() => testSocket.push('c2c_deal', { type: 'c2c_deal', id: 7, is_sure: 1 }));
    await page.waitFor(() => expect(texts('c2c-status')).toEqual(['Completed']));
  });

  it('lets the seller confirm through the call of its side', async () => {
    // The owner of a sell ad, and the taker of a buy ad: `type` is the ad's side, `my_side` the viewer's.
    for (const [isOwner, type, call] of [
      [1, 'sell', C2cSureCall],
      [0, 'buy', C2cUserSureCall],
    ] as const) {
      const seen = { type, my_side: 'sell', is_sure: 3, expires_at: null, is_owner: isOwner } as const;
      const server = contractFetch([
        handle(C2cDealCall, () => deal(seen)),
        handle(C2cSureCall, () => 'ok'),
        handle(C2cUserSureCall, () => 'ok'),
      ]);
      vi.stubGlobal('fetch', server.fetch);
      page = await renderPage(<C2cDetailPage />, '/c2cDetail?id=7');
      await page.waitFor(() => byTestId('c2c-confirm'));
      expect(texts('c2c-pay')).toEqual([]);
      await click(byTestId('c2c-confirm'));
      await givePassword(page);
      await page.waitFor(() => expect(server.calls.some((c) => c.path === call.path)).toBe(true));
      page.unmount();
      page = undefined;
    }
  });

  it("shows the owner of a buy ad the taker's details as the payee, and lets them pay", async () => {
    // On a buy ad the reply names the owner (the buyer) in sell_cash_info and the taker (the seller)
    // in user_cash_info.
    const mine = deal({
      type: 'buy',
      my_side: 'buy',
      is_owner: 1,
      seller_name: 'me',
      seller_phone: '',
      phone: '+86 138 0000 0000',
      sell_cash_info: { ...deal().user_cash_info, real_name: 'owner', bank_account: '6222-owner' },
      user_cash_info: { ...deal().sell_cash_info, real_name: 'taker', bank_account: '6222-taker' },
    });
    vi.stubGlobal('fetch', contractFetch([handle(C2cDealCall, () => mine)]).fetch);
    page = await renderPage(<C2cDetailPage />, '/c2cDetail?id=7');
    await page.waitFor(() => byTestId('c2c-pay'));
    expect(texts('c2c-seller-cash')[0]).toContain('Pay to: taker');
    expect(texts('c2c-seller-cash')[0]).toContain('6222-taker');
    expect(texts('c2c-buyer-cash')[0]).toContain('6222-owner');
    expect(document.body.textContent).toContain('+86 138 0000 0000');
  });

  it("shows the seller's payment QR code of the deal's way", async () => {
    const seller = { ...deal().sell_cash_info, alipay_collect: '/uploads/qr-seller.png' };
    vi.stubGlobal(
      'fetch',
      contractFetch([handle(C2cDealCall, () => deal({ way: 'ali_pay', sell_cash_info: seller }))]).fetch,
    );
    page = await renderPage(<C2cDetailPage />, '/c2cDetail?id=7');
    await page.waitFor(() => byTestId('c2c-seller-cash-qr'));
    expect(byTestId('c2c-seller-cash-qr').querySelector('img')?.getAttribute('src')).toBe(
      '/uploads/qr-seller.png',
    );
    expect(document.querySelector('[data-testid="c2c-buyer-cash-qr"]')).toBeNull();
  });
});
