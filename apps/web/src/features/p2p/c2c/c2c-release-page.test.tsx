// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { C2cMyAdsCall, C2cSendCall } from '@oryx/contracts/p2p/calls';
import { UserCurrencyListCall } from '@oryx/contracts/wallet/calls';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { contractFetch, handle, Refusal } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import C2cReleasePage from './c2c-release-page';
import { byTestId, currencies } from './test-fixtures';

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

const form = () => byTestId('c2c-form-sell');
const field = <E extends Element>(name: string) => form().querySelector<E>(`[name="${name}"]`)!;
const submit = () => click(form().querySelector('button[type="submit"]')!);
const empty = { data: [], current_page: 1, last_page: 1, total: 0 };

describe('/c2cRelease', () => {
  it('asks for quantity, price, way and fiat in that order, then the trade password; a refusal clears the form', async () => {
    const server = contractFetch([
      handle(UserCurrencyListCall, () => currencies()),
      handle(C2cMyAdsCall, () => empty),
      handle(C2cSendCall, () => new Refusal('Wrong trade password') as never),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<C2cReleasePage />, '/c2cRelease');
    await page.waitFor(() => expect(field<HTMLSelectElement>('currency').options).toHaveLength(2)); // legal only
    await submit();
    expect(form().textContent).toContain('Please enter the quantity');
    await fillIn(field('total_number'), '0.25');
    await submit();
    expect(form().textContent).toContain('Please enter the unit price');
    await fillIn(field('price'), '450000');
    await submit();
    expect(form().textContent).toContain('Please choose a payment method');
    await fillIn(field('way'), 'bank');
    await submit();
    expect(form().textContent).toContain('Please choose the fiat');
    await fillIn(field('coin_code'), 'CNY');
    await fillIn(field('currency'), '2');
    // Optional: a per-deal minimum (fiat) and a shorter payment window.
    await fillIn(field('min_number'), '100.5');
    await fillIn(field('pay_window'), '30');
    await submit();
    await page.waitFor(() => byTestId('c2c-password'));
    await fillIn(byTestId<HTMLInputElement>('c2c-password'), 'tp-1');
    await click(byTestId('c2c-password-ok'));
    await page.waitFor(() => expect(page!.text()).toContain('Wrong trade password'));
    expect(server.calls.find((c) => c.path === C2cSendCall.path)?.input).toEqual({
      type: 'sell',
      currency_id: 2,
      total_number: '0.25',
      price: '450000',
      way: 'bank',
      coin_code: 'CNY',
      min_number: '100.5',
      max_number: '',
      pay_window: '30',
      password: 'tp-1',
    });
    await page.waitFor(() => expect(field<HTMLInputElement>('total_number').value).toBe(''));
    expect(field<HTMLInputElement>('price').value).toBe('');
    expect(field<HTMLSelectElement>('way').value).toBe('');
  });
});
