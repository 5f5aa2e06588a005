// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DepositListCall, DepositSetupCall, RecordSubmitCall } from '@oryx/contracts/earning/calls';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import ManagePage from './manage-page';

const products = [
  { id: 1, day: 7, rate: '0.001', rate_percent: '0.10', rate_bps: 10 },
  { id: 2, day: 30, rate: '0.006', rate_percent: '0.60', rate_bps: 60 },
];
const wallet = {
  deposit_wallet: {
    balance: [
      {
        currency: 1,
        currency_name: 'USDT',
        deposit_balance: '500.00000000',
        lock_deposit_balance: '0.00000000',
        min_number: '10.00000000',
        scale: 8,
      },
    ],
  },
};

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

describe('/manage', () => {
  it('shows what a deposit pays before it is made, then sends it', async () => {
    const server = contractFetch([
      handle(DepositSetupCall, () => products),
      handle(DepositListCall, () => wallet),
      handle(RecordSubmitCall, () => 'Deposited'),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<ManagePage />, '/manage');
    await page.waitFor(() => expect(text()).toContain('500 USDT'));
    // 30 days at 0.60 % of 123.45: 0.7407 interest, about 0.02469 a day.
    await click(page.container.querySelectorAll('[role="radio"]')[1]!);
    await fillIn(input('balance'), '123.45');
    expect(text()).toContain('0.7407 USDT');
    expect(text()).toContain('0.02469 USDT');
    expect(text()).toContain('124.1907 USDT');
    await fillIn(input('password'), 'trade-pw');
    await click(submit());
    await page.waitFor(() => expect(text()).toContain('Deposited'));
    expect(server.calls.find((c) => c.path === RecordSubmitCall.path)?.input).toMatchObject({
      set_id: 2,
      currency_id: 1,
      balance: '123.45',
      password: 'trade-pw',
    });
  });

  it('refuses below the minimum, above the balance and without a password, without calling', async () => {
    const server = contractFetch([
      handle(DepositSetupCall, () => products),
      handle(DepositListCall, () => wallet),
      handle(RecordSubmitCall, () => 'Deposited'),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<ManagePage />, '/manage');
    await page.waitFor(() => expect(text()).toContain('500 USDT'));
    await fillIn(input('balance'), '5');
    await click(submit());
    expect(text()).toContain('The smallest deposit is 10');
    await fillIn(input('balance'), '501');
    await click(submit());
    expect(text()).toContain('Your spot balance is not enough');
    await fillIn(input('balance'), '50');
    await click(submit());
    expect(text()).toContain('Please enter the transaction password');
    expect(server.calls.some((c) => c.path === RecordSubmitCall.path)).toBe(false);
  });
});
