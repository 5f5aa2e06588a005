// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import {
  LEVER_PAGE_SIZE,
  LeverCancelCall,
  LeverCloseCall,
  LeverMyTradeCall,
} from '@oryx/contracts/lever/calls';
import type { LeverClosedEvent, LeverTradeEvent } from '@oryx/contracts/socket';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { click, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import LeverListPage from './lever-list-page';
import { byTestId, leverRow, testSocket, texts } from './test-fixtures';

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

const paged = (rows: ReturnType<typeof leverRow>[], page = 1, lastPage = 1) => ({
  message: {
    data: rows,
    current_page: page,
    last_page: lastPage,
    per_page: LEVER_PAGE_SIZE,
    total: rows.length,
  },
});

describe('/leverList', () => {
  it('lists the open orders, 10 a page with load-more, and follows lever_trade / lever_closed', async () => {
    const open = Array.from({ length: 10 }, (_, i) => leverRow({ id: 100 - i }));
    const server = contractFetch([
      handle(LeverMyTradeCall, (input) =>
        input.status !== 1
          ? paged([])
          : input.page === 1
            ? paged(open, 1, 2)
            : paged([leverRow({ id: 50, profits: '3.00' })], 2, 2),
      ),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<LeverListPage />, '/leverList');
    await page.waitFor(() => expect(texts('lever-close')).toHaveLength(10));
    expect(server.calls.find((c) => c.path === LeverMyTradeCall.path)?.input).toEqual({
      status: 1,
      legal_id: 0,
      currency_id: 0,
      page: 1,
    });
    await click([...document.querySelectorAll('button')].find((b) => b.textContent === 'Load more')!);
    await page.waitFor(() => expect(texts('lever-close')).toHaveLength(11));

    // A push replaces the row it carries (matched by legal, currency and id), as a JSON string.
    const push: LeverTradeEvent = {
      type: 'lever_trade',
      legal_id: 1,
      hazard_rate: '180.5',
      profits_all: '12.5',
      profits: '12.5',
      trades_all: JSON.stringify([leverRow({ id: 100, profits: '12.50', update_price: '96600.00' })]),
      trades_entrust: [],
    };
    act(() => testSocket.push('lever_trade', push));
    await page.waitFor(() => expect(texts('lever-row-profits')[0]).toContain('12.5000'));
    expect(page.text()).toContain('96,600.00');

    const closed: LeverClosedEvent = { type: 'lever_closed', id: [100, 99] };
    act(() => testSocket.push('lever_closed', closed));
    await page.waitFor(() => expect(texts('lever-close')).toHaveLength(9));
  });

  it('revokes a pending order and closes an open one at once, with no trade password prompt', async () => {
    const cancelled: unknown[] = [];
    const closedIds: unknown[] = [];
    const server = contractFetch([
      handle(LeverMyTradeCall, (input) =>
        paged(
          input.status === 0
            ? [leverRow({ id: 3, status: 0 })]
            : input.status === 1
              ? [leverRow({ id: 4 })]
              : [],
        ),
      ),
      handle(LeverCancelCall, (input) => {
        cancelled.push(input);
        return 'Order revoked';
      }),
      handle(LeverCloseCall, (input) => {
        closedIds.push(input);
        return 'Position closed';
      }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<LeverListPage />, '/leverList');
    await page.waitFor(() => expect(texts('lever-close')).toHaveLength(1));
    await click(byTestId('lever-close'));
    await page.waitFor(() => expect(closedIds).toEqual([{ id: 4 }]));
    expect(texts('lever-password')).toHaveLength(0);
    await page.waitFor(() => expect(page!.text()).toContain('Position closed'));

    await click([...document.querySelectorAll('[role="tab"]')].find((e) => e.textContent === 'Pending')!);
    await page.waitFor(() => expect(texts('lever-revoke')).toHaveLength(1));
    expect(texts('lever-close')).toHaveLength(0);
    await page.waitFor(() => expect(byTestId<HTMLButtonElement>('lever-revoke').disabled).toBe(false));
    await click(byTestId('lever-revoke'));
    await page.waitFor(() => expect(cancelled).toEqual([{ id: 3 }]));
    expect(texts('lever-password')).toHaveLength(0);
    await page.waitFor(() => expect(page!.text()).toContain('Order revoked'));
    // Every status has its tab.
    expect([...document.querySelectorAll('[role="tab"]')].map((e) => e.textContent)).toEqual([
      'Pending',
      'In trade',
      'Closing',
      'Closed',
      'Revoked',
    ]);
  });

  it('says why a closed position closed and shows its close price; a pending order has no P/L yet', async () => {
    const server = contractFetch([
      handle(LeverMyTradeCall, (input) =>
        paged(
          input.status === 3
            ? [
                leverRow({ id: 5, status: 3, close_reason: 'take_profit', profits: '4.20' }),
                leverRow({ id: 6, status: 3, close_reason: 'liquidation', profits: '-30.00' }),
              ]
            : input.status === 0
              ? [leverRow({ id: 3, status: 0, profits: '0' })]
              : [],
        ),
      ),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<LeverListPage />, '/leverList');
    await click([...document.querySelectorAll('[role="tab"]')].find((e) => e.textContent === 'Closed')!);
    await page.waitFor(() =>
      expect(texts('lever-row-status')).toEqual(['Closed · take-profit', 'Closed · liquidated']),
    );
    expect(page.text()).toContain('Close price');
    await click([...document.querySelectorAll('[role="tab"]')].find((e) => e.textContent === 'Pending')!);
    await page.waitFor(() => expect(texts('lever-row-profits')).toEqual(['--']));
    expect(page.text()).toContain('Current price');
  });
});
