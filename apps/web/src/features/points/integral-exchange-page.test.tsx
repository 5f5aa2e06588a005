// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JcExchangeCall, JcInfoCall, JcRecordsCall } from '@oryx/contracts/points/calls';
import { contractFetch, handle, Refusal } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import IntegralExchangePage from './integral-exchange-page';

const info = {
  jc_integral: '100.00000000',
  free_jc_integral: '100.00000000',
  jc_exchange_fee: '2.00',
  jc_exchange_fee_bps: 200,
  jc_price: '0.005',
  beau_per_jc: '0.10000000',
  jc_price_difference: '0',
  market_price: '0.05000000',
  points_per_usdt: '10',
  provider: 'sandbox',
};
const noRecords = { data: [], current_page: 1, total: 0, last_page: 1 };

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

const text = () => page!.text();
const input = (name: string) => page!.container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const submit = () => page!.container.querySelector('button[type="submit"]')!;

describe('/integralExchange', () => {
  it('goes to /bindInfo a second after jc/info is refused', async () => {
    const server = contractFetch([
      handle(JcInfoCall, () => new Refusal('Bind your points account first', 'POINTS_NOT_BOUND') as never),
      handle(JcRecordsCall, () => noRecords),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<IntegralExchangePage />, '/integralExchange');
    await page.waitFor(() => expect(text()).toContain('Bind your points account first'));
    expect(text()).not.toContain('/bindInfo');
    await page.waitFor(() => expect(text()).toContain('/bindInfo'), 3000);
  });

  it('shows the BEAU received and the fee first, refuses more than available, and exchanges', async () => {
    const server = contractFetch([
      handle(JcInfoCall, () => info),
      handle(JcRecordsCall, () => noRecords),
      handle(JcExchangeCall, () => 'Exchanged'),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<IntegralExchangePage />, '/integralExchange');
    await page.waitFor(() => expect(text()).toContain('sandbox'));
    await fillIn(input('use_number'), '100.5');
    await click(submit());
    expect(text()).toContain('Available points insufficient');
    await fillIn(input('use_number'), '10');
    expect(text()).toContain('0.98 BEAU');
    expect(text()).toContain('0.02 BEAU');
    await fillIn(input('password'), 'trade-pw');
    await click(submit());
    await page.waitFor(() => expect(text()).toContain('Exchanged'));
    expect(
      server.calls.find((c) => c.path === JcExchangeCall.path && c.method === 'POST')?.input,
    ).toMatchObject({
      use_number: '10',
      password: 'trade-pw',
    });
  });
});
