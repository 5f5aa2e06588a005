// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AcceptorAppealCall, AcceptorMyDealsCall } from '@oryx/contracts/acceptor/calls';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { click, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import ChargeRecordPage from './charge-record-page';

const deal = (over: Record<string, unknown>) => ({
  id: 5,
  acceptor_id: 1,
  acceptor_name: 'Oryx OTC Desk',
  type: 'sell' as const,
  money: '141.00',
  quote_code: 'CNY',
  rate: '7.0500',
  number: '20.00000000',
  currency_name: 'USDT',
  way: 'bank' as const,
  way_name: 'Bank card',
  mobile: '13812345678',
  deal_account: '6222 0001',
  hes_account: '6222 0210 0188 6600',
  is_sure: 0,
  transferred: 0,
  auto_confirm_at: 0,
  create_time: 1_767_600_000,
  update_time: 0,
  disputed: 0,
  dispute: null,
  ...over,
});

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

/** Types into a textarea as a user would (the shared `fillIn` takes inputs and selects). */
async function typeInto(el: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const $ = <T extends Element = HTMLElement>(sel: string) =>
  page!.container.ownerDocument.querySelector<T>(sel);

describe('/chargeRecord', () => {
  it('disputes a waiting deal with a note (required); a disputed deal shows it and offers no move', async () => {
    let disputed = false;
    const server = contractFetch([
      handle(AcceptorMyDealsCall, () => ({
        data: [
          disputed
            ? deal({ disputed: 1, dispute: { note: 'not paid', images: [], result: null } })
            : deal({}),
        ],
        current_page: 1,
        last_page: 1,
        total: 1,
      })),
      handle(AcceptorAppealCall, () => {
        disputed = true;
        return 'Dispute sent; the deal waits for an operator';
      }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<ChargeRecordPage />, '/chargeRecord?current=1');
    await page.waitFor(() => expect($('[data-testid="acceptor-dispute-5"]')).not.toBeNull());
    await click($('[data-testid="acceptor-dispute-5"]')!);
    await page.waitFor(() => expect($('[data-testid="acceptor-dispute-ok"]')).not.toBeNull());
    await click($('[data-testid="acceptor-dispute-ok"]')!);
    expect(page.container.ownerDocument.body.textContent).toContain('Describe the problem');
    expect(server.calls.some((c) => c.path === AcceptorAppealCall.path)).toBe(false);
    await typeInto($<HTMLTextAreaElement>('[data-testid="acceptor-dispute-note"]')!, ' not paid ');
    await click($('[data-testid="acceptor-dispute-ok"]')!);
    await page.waitFor(() => expect(page!.text()).toContain('Under dispute: waiting for an operator'));
    expect(server.calls.find((c) => c.path === AcceptorAppealCall.path)?.input).toEqual({
      id: 5,
      note: 'not paid',
      images: [],
    });
    expect($('[data-testid="acceptor-dispute-5"]')).toBeNull();
  });
});
