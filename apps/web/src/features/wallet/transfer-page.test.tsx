// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  UserCurrencyListCall,
  WalletChangeCall,
  WalletListCall,
  type WalletBalanceRow,
} from '@oryx/contracts/wallet/calls';
import { contractFetch, handle, Refusal } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import TransferPage from './transfer-page';

const noWallet = { wallet: null };
const USDT = {
  id: 1,
  name: 'USDT',
  is_legal: 1,
  is_lever: 1,
  is_match: 1,
  is_micro: 1,
  decimals: 8,
  ...noWallet,
};
const BTC = {
  id: 2,
  name: 'BTC',
  is_legal: 0,
  is_lever: 0,
  is_match: 1,
  is_micro: 0,
  decimals: 8,
  ...noWallet,
};

function row(currency: { id: number; name: string }, balances: Partial<WalletBalanceRow>): WalletBalanceRow {
  return {
    id: currency.id,
    currency: currency.id,
    currency_name: currency.name,
    currency_type: '',
    contract_address: '',
    multi_protocol: 0,
    is_show_memo: 0,
    type: '',
    is_match: 1,
    is_legal: 1,
    is_lever: 1,
    is_micro: 1,
    usdt_price: '1.00000000',
    cny_price: '7.00000000',
    change_balance: '0.00000000',
    lock_change_balance: '0.00000000',
    legal_balance: '0.00000000',
    lock_legal_balance: '0.00000000',
    lever_balance: '0.00000000',
    lock_lever_balance: '0.00000000',
    micro_balance: '0.00000000',
    lock_micro_balance: '0.00000000',
    deposit_balance: '0.00000000',
    lock_deposit_balance: '0.00000000',
    ...balances,
  };
}

const group = (rows: WalletBalanceRow[]) => ({ balance: rows, usdt_totle: '0', cny_totle: '0' });

function wallets(): z.input<typeof WalletListCall.reply> {
  const rows = [row(USDT, { change_balance: '1250.50000000', micro_balance: '10.00000000' })];
  return {
    legal_wallet: group(rows),
    change_wallet: group(rows),
    lever_wallet: group(rows),
    micro_wallet: group(rows),
    deposit_wallet: group(rows),
    is_open_CTbi: 1,
    total_usdt: '1260.5',
    total_cny: '8823.5',
    fiat_convert_cny: '7',
  };
}

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

const text = () => page!.text();
const select = (name: string) => page!.container.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
const amount = () => page!.container.querySelector<HTMLInputElement>('input[name="number"]')!;
const submit = () => page!.container.querySelector('button[type="submit"]')!;

describe('/transfer', () => {
  it('offers the coins of both accounts with their balances and sends the transfer', async () => {
    const server = contractFetch([
      handle(UserCurrencyListCall, () => [USDT, BTC]),
      handle(WalletListCall, () => wallets()),
      handle(WalletChangeCall, () => 'Transfer successful'),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<TransferPage />, '/transfer?id=1');

    await page.waitFor(() => expect(text()).toContain('Available 1,250.50000000 USDT'));
    expect(text()).toContain('Available 10.00000000 USDT');
    // BTC is not enabled for the seconds account: only USDT moves between spot and seconds.
    expect([...select('currency').options].map((o) => o.textContent)).toEqual(['USDT']);
    expect(select('from_field').value).toBe('change');
    expect(select('to_field').value).toBe('micro');

    await fillIn(amount(), '100.25');
    await click(submit());
    await page.waitFor(() => expect(text()).toContain('Transfer successful'));
    // The page goes on to the asset overview a second later.
    await page.waitFor(() => expect(text()).toContain('/finance'), 3000);
    const sent = server.calls.find((c) => c.path === WalletChangeCall.path);
    expect(sent?.input).toMatchObject({
      currency_id: 1,
      number: '100.25',
      from_field: 'change',
      to_field: 'micro',
    });
    expect(sent?.input).toHaveProperty('client_id');
  });

  it('refuses an amount above the balance without calling the server, and shows a server refusal', async () => {
    const server = contractFetch([
      handle(UserCurrencyListCall, () => [USDT]),
      handle(WalletListCall, () => wallets()),
      handle(WalletChangeCall, () => new Refusal('Transfers are paused') as never),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<TransferPage />, '/transfer');
    await page.waitFor(() => expect(text()).toContain('Available 1,250.50000000 USDT'));

    await fillIn(amount(), '5000');
    await click(submit());
    expect(text()).toContain('Insufficient balance');
    await fillIn(amount(), '1.123456789');
    await click(submit());
    expect(text()).toContain('At most 8 decimal places');
    expect(server.calls.some((c) => c.path === WalletChangeCall.path)).toBe(false);

    await fillIn(amount(), '1');
    await click(submit());
    await page.waitFor(() => expect(text()).toContain('Transfers are paused'));
  });
});
