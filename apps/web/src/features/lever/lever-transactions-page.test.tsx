// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import {
  LEVER_PAGE_SIZE,
  LeverBatchCloseCall,
  LeverDealAllCall,
  LeverSetStopCall,
} from '@oryx/contracts/lever/calls';
import { QuotationNewCall } from '@oryx/contracts/market/calls';
import type { LeverTradeEvent } from '@oryx/contracts/socket';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { ConfirmHost } from '@/shared/ui/confirm';
import LeverTransactionsPage from './lever-transactions-page';
import { byTestId, leverMarket, leverRow, quotationOf, testSocket, texts } from './test-fixtures';

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

const positions = (rows: ReturnType<typeof leverRow>[]) => ({
  order: { data: rows, current_page: 1, last_page: 1, per_page: LEVER_PAGE_SIZE, total: rows.length },
  hazard_rate: '250.00',
  profits_total: '-1.92',
  profits: '-1.92',
  liquidation_rate: '50',
});

describe('/leverTransactions', () => {
  it('shows the risk rate and P/L, sets TP/SL in 0.01 steps with the expected profit, batch-closes the shorts', async () => {
    const stops: unknown[] = [];
    const batches: unknown[] = [];
    const server = contractFetch([
      handle(QuotationNewCall, () => quotationOf([leverMarket()])),
      handle(LeverDealAllCall, () =>
        positions([leverRow({ id: 7 }), leverRow({ id: 8, type: 2, price: '95904.00' })]),
      ),
      handle(LeverSetStopCall, (input) => {
        stops.push(input);
        return 'Saved';
      }),
      handle(LeverBatchCloseCall, (input) => {
        batches.push(input);
        return '1 positions closed';
      }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(
      <>
        <LeverTransactionsPage />
        <ConfirmHost />
      </>,
      '/leverTransactions?legalId=1&currencyId=2',
    );
    await page.waitFor(() => expect(texts('lever-close')).toHaveLength(2));
    expect(server.calls.find((c) => c.path === '/api/lever/dealall')?.input).toEqual({
      legal_id: 1,
      currency_id: 2,
      page: 1,
    });
    expect(texts('lever-hazard')[0]).toBe('250.00%');
    expect(texts('lever-profits-total')[0]).toContain('-1.9200');

    // The push updates the risk rate of the quote currency.
    const push: LeverTradeEvent = {
      type: 'lever_trade',
      legal_id: 1,
      hazard_rate: '120.00',
      profits_all: '-80.00',
      profits: '-80.00',
      trades_all: '[]',
      trades_entrust: [],
    };
    act(() => testSocket.push('lever_trade', push));
    await page.waitFor(() => expect(texts('lever-hazard')[0]).toBe('120.00%'));
    expect(texts('lever-profits-total')[0]).toContain('-80.0000');

    // TP/SL of the long #7 (open 96096, 2 lots of 0.01).
    await click(byTestId('lever-stop'));
    await page.waitFor(() => expect(texts('lever-stop-dialog')).toHaveLength(1));
    await fillIn(byTestId<HTMLInputElement>('lever-stop-target'), '97000');
    await click(byTestId('lever-stop-target-plus'));
    expect(byTestId<HTMLInputElement>('lever-stop-target').value).toBe('97000.01');
    // (97000.01 - 96096) x 2 x 0.01 = 18.0802
    expect(texts('lever-stop-target-profit')[0]).toContain('18.0802');
    // Stepping down from nothing is refused: the price must stay above 0.
    await click(byTestId('lever-stop-loss-minus'));
    expect(page.text()).toContain('Value must be greater than 0');
    await fillIn(byTestId<HTMLInputElement>('lever-stop-loss'), '95000');
    await click(byTestId('lever-stop-loss-minus'));
    expect(byTestId<HTMLInputElement>('lever-stop-loss').value).toBe('94999.99');
    await click(byTestId('lever-stop-save'));
    await page.waitFor(() =>
      expect(stops).toEqual([{ id: 7, target_profit_price: '97000.01', stop_loss_price: '94999.99' }]),
    );

    await page.waitFor(() => expect(texts('lever-stop-dialog')).toHaveLength(0));
    expect(byTestId<HTMLButtonElement>('lever-batch-2').disabled).toBe(false);
    // Closing many asks a plain yes / cancel, never a trade password (the server checks none).
    await click(byTestId('lever-batch-2'));
    await page.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    expect(texts('lever-password')).toHaveLength(0);
    const yes = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
      (b) => b.textContent === 'Close shorts',
    )!;
    await click(yes);
    await page.waitFor(() => expect(batches).toEqual([{ type: 2, legal_id: 1 }]));
  });

  it('without a query lists the quote of the first lever market: dealall always needs legal_id', async () => {
    const server = contractFetch([
      handle(QuotationNewCall, () =>
        quotationOf([leverMarket({ open_lever: 0 }), leverMarket({ id: 2, legal_id: 9, currency_id: 3 })]),
      ),
      handle(LeverDealAllCall, () => positions([leverRow({ id: 7 })])),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<LeverTransactionsPage />, '/leverTransactions');
    await page.waitFor(() => expect(texts('lever-close')).toHaveLength(1));
    expect(server.calls.filter((c) => c.path === '/api/lever/dealall').map((c) => c.input)).toEqual([
      { legal_id: 9, currency_id: 0, page: 1 },
    ]);
  });
});
