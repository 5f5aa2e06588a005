// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WalletLegalLogCall } from '@oryx/contracts/wallet/calls';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { renderPage, type RenderedPage } from '@/shared/testing/render-page';
import LeverRecordPage from './lever-record-page';
import { texts } from './test-fixtures';

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

const logRow = (id: string, value: string, info: string) => ({
  id,
  created_time: '2026-11-24 10:00:00',
  info,
  value,
  currency_id: 1,
  currency_name: 'USDT',
  wallet: 'lever',
  reason: 'lever.margin',
  type_info_e: info,
  type_info_j: info,
  type_info_m: info,
});

describe('/leverRecord', () => {
  it("lists the lever account's log of the coin of the query, 10 a page", async () => {
    const server = contractFetch([
      handle(WalletLegalLogCall, () => ({
        list: [logRow('2', '-192.19', 'Contract margin held'), logRow('1', '500', 'Transfer in')],
        current_page: 1,
        last_page: 1,
        total: 2,
        per_page: 10,
      })),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<LeverRecordPage />, '/leverRecord?id=1');
    await page.waitFor(() => expect(texts('lever-record-value')).toHaveLength(2));
    expect(server.calls[0]?.input).toEqual({ type: 'lever', currency: 1, page: 1, limit: 10 });
    expect(texts('lever-record-value')).toEqual(['-192.19000000', '+500.00000000']);
    expect(page.text()).toContain('Contract margin held');
  });
});
