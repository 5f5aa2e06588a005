// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { WalletListCall, type WalletBalanceRow } from '@oryx/contracts/wallet/calls';
import { CoinInfoCall, type CoinInfo } from '@oryx/contracts/funding/coin-calls';
import {
  DepositLogCall,
  WithdrawAddressAddCall,
  WithdrawAddressesCall,
  WithdrawCall,
  WithdrawFeeCall,
  WithdrawLogCall,
} from '@oryx/contracts/funding/calls';
import { PayQuoteCall } from '@oryx/contracts/funding/pay-calls';
import { SecurityOverviewCall } from '@oryx/contracts/security/calls';
import { contractFetch, handle, Refusal } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { toAddresses } from './api/get-deposit-address';
import RechargePage from './recharge-page';
import SetCashPage from './set-cash-page';
import WithdrawAddressPage from './withdraw-address-page';

const Z = '0.00000000';
const usdtRow = {
  id: 1,
  currency: 1,
  currency_name: 'USDT',
  currency_type: 'erc20',
  contract_address: 'SBX-USDT-ERC20',
  multi_protocol: 1,
  is_show_memo: 0,
  type: 'erc20',
  is_match: 1,
  is_legal: 1,
  is_lever: 1,
  is_micro: 1,
  usdt_price: '1.00000000',
  cny_price: '7.00000000',
  change_balance: '500.00000000',
  lock_change_balance: Z,
  legal_balance: Z,
  lock_legal_balance: Z,
  lever_balance: Z,
  lock_lever_balance: Z,
  micro_balance: Z,
  lock_micro_balance: Z,
  deposit_balance: Z,
  lock_deposit_balance: Z,
} satisfies WalletBalanceRow;

function wallets(open: number): z.input<typeof WalletListCall.reply> {
  const g = { balance: [usdtRow], usdt_totle: '500', cny_totle: '3500' };
  return {
    legal_wallet: g,
    change_wallet: g,
    lever_wallet: g,
    micro_wallet: g,
    deposit_wallet: g,
    is_open_CTbi: open,
    total_usdt: '500',
    total_cny: '3500',
    fiat_convert_cny: '7',
  };
}

const info: CoinInfo = {
  currency: 1,
  name: 'USDT',
  rate: '0.10',
  change_balance: '500.00000000',
  lock_change_balance: Z,
  legal_balance: Z,
  min_number: '10.00000000',
  max_number: '100000.00000000',
  withdraw_fee: '1.00000000',
  approval_above: '10000.00000000',
  min_deposit: '1.00000000',
  type: 'erc20',
  contract_address: 'SBX-USDT-ERC20',
  make_wallet: 1,
  multi_protocol: 1,
  type_data: [
    {
      id: 1,
      type: 'erc20',
      name: 'ERC20',
      contract_address: 'SBX-USDT-ERC20',
      min_number: '10.00000000',
      rate: '0.10',
      confirmations: 6,
      chain: 'sandbox',
    },
    {
      id: 2,
      type: 'omni',
      name: 'OMNI',
      contract_address: 'SBX-USDT-OMNI',
      min_number: '20.00000000',
      rate: '0.20',
      confirmations: 3,
      chain: 'sandbox',
    },
  ],
  wallet_data: [
    { id: 7, currency: 1, label: 'sbxready', type: 'erc20', memo: '', usable_at: 0 },
    { id: 8, currency: 1, label: 'sbxcooling', type: 'erc20', memo: '', usable_at: Date.now() + 3_600_000 },
  ],
  extension_code: '',
  is_show: 3,
  exchange_ate: '1.00000000',
  deposit_open: 1,
  withdraw_open: 1,
  address_cooloff_ms: 86_400_000,
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
const FEE = {
  rate: '1.10000000',
  real_number: '98.90000000',
  withdraw_fee: '1.00000000',
  fee_rate: '0.10',
  type: 'erc20',
};
/** The confirmation step (a dialog, rendered outside the page's container): waits for it, then sends. */
async function confirmSend(expected?: string) {
  await page!.waitFor(() =>
    expect(document.querySelector('[data-testid="withdraw-confirm"]')).not.toBeNull(),
  );
  const summary = document.querySelector('[data-testid="withdraw-confirm-summary"]')!;
  if (expected) await page!.waitFor(() => expect(summary.textContent).toContain(expected));
  await page!.waitFor(() =>
    expect(document.querySelector<HTMLButtonElement>('[data-testid="withdraw-confirm"]')!.disabled).toBe(
      false,
    ),
  );
  await click(document.querySelector('[data-testid="withdraw-confirm"]')!);
}
const twoFactor = (on: boolean) =>
  handle(SecurityOverviewCall, () => ({ two_factor: on, recovery_left: on ? 10 : 0, anti_phishing: '' }));
const emptyLog = () => ({ data: [], current_page: 1, last_page: 1, total: 0 });
const $ = <T extends Element>(selector: string) => page!.container.querySelector<T>(selector)!;

describe('funding pages', () => {
  it('say the feature is not open while is_open_CTbi is 0', async () => {
    vi.stubGlobal('fetch', contractFetch([handle(WalletListCall, () => wallets(0))]).fetch);
    page = await renderPage(<SetCashPage />, '/setCash');
    await page.waitFor(() => expect(text()).toContain('Coin deposits and withdrawals are not open yet.'));
    expect(page.container.querySelector('form')).toBeNull();
    page.unmount();
    page = await renderPage(<RechargePage />, '/recharge');
    await page.waitFor(() => expect(text()).toContain('Coin deposits and withdrawals are not open yet.'));
  });

  it('withdraw: checks the address, the minimum (lessMin) and the password, then sends fee and address', async () => {
    const server = contractFetch([
      handle(WalletListCall, () => wallets(1)),
      handle(CoinInfoCall, () => info),
      handle(WithdrawFeeCall, () => FEE),
      handle(WithdrawLogCall, () => ({ data: [], current_page: 1, last_page: 1, total: 0 })),
      handle(WithdrawCall, () => 'Withdrawal submitted'),
      twoFactor(false),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<SetCashPage />, '/setCash?currency=1');
    await page.waitFor(() => expect(text()).toContain('Available 500.00000000 USDT'));
    const options = [...$<HTMLSelectElement>('select[name="address"]').options];
    expect(options.find((o) => o.value === '8')?.disabled).toBe(true);

    await click($('button[type="submit"]'));
    expect(text()).toContain('Please enter the address');
    expect(text()).toContain('Please enter the amount');
    expect(text()).toContain('Please enter your trade password');
    await fillIn($<HTMLSelectElement>('select[name="address"]'), '7');
    await fillIn($<HTMLInputElement>('input[name="number"]'), '5');
    await fillIn($<HTMLInputElement>('input[name="pay_password"]'), 'trade-1');
    await click($('button[type="submit"]'));
    expect(text()).toContain('The amount is below the minimum of 10 USDT');
    expect(server.calls.some((c) => c.path === WithdrawCall.path)).toBe(false);

    await fillIn($<HTMLInputElement>('input[name="number"]'), '100');
    await page.waitFor(() => expect(text()).toContain('98.90000000 USDT'));
    await click($('button[type="submit"]'));
    // Nothing leaves before the confirmation: amount, address, fee and what arrives.
    expect(server.calls.some((c) => c.path === WithdrawCall.path)).toBe(false);
    await confirmSend(
      'You are sending 100 USDT to sbxready. Fee 1.10000000 USDT; the address receives 98.90000000 USDT.',
    );
    await page.waitFor(() => expect(text()).toContain('Withdrawal submitted'));
    expect(server.calls.find((c) => c.path === WithdrawCall.path)?.input).toEqual({
      currency: 1,
      type: 'erc20',
      number: '100',
      rate: '1.10000000',
      address: 'sbxready',
      memo: '',
      pay_password: 'trade-1',
    });
  });

  it('demo: offers the sandbox test address, to bind first and to pick once ready', async () => {
    const test = 'sbxtest';
    const withTest = (wallet_data: CoinInfo['wallet_data']): CoinInfo => ({
      ...info,
      type_data: info.type_data.map((n) => ({ ...n, test_address: test })),
      wallet_data,
    });
    let data = withTest(info.wallet_data);
    vi.stubGlobal(
      'fetch',
      contractFetch([
        handle(WalletListCall, () => wallets(1)),
        handle(CoinInfoCall, () => data),
        handle(WithdrawFeeCall, () => FEE),
        handle(WithdrawLogCall, emptyLog),
        twoFactor(false),
      ]).fetch,
    );
    page = await renderPage(<SetCashPage />, '/setCash?currency=1');
    await page.waitFor(() => expect($('[data-testid="test-address"]')).not.toBeNull());
    expect($('[data-testid="test-address"]').textContent).toContain('Sandbox chain');
    expect($('[data-testid="test-address"]').textContent).toContain(test);
    expect($<HTMLAnchorElement>('[data-testid="test-address-bind"]').getAttribute('href')).toBe(
      `/withdraw_address?currency=1&type=erc20&address=${test}`,
    );
    page.unmount();

    data = withTest([
      ...info.wallet_data,
      { id: 9, currency: 1, label: test, type: 'erc20', memo: '', usable_at: 0 },
    ]);
    page = await renderPage(<SetCashPage />, '/setCash?currency=1');
    await page.waitFor(() => expect($('[data-testid="test-address-use"]')).not.toBeNull());
    await click($('[data-testid="test-address-use"]'));
    const select = $<HTMLSelectElement>('select[name="address"]');
    expect(select.value).toBe('9');
    expect(select.selectedOptions[0]?.textContent).toBe(`${test} (sandbox test address)`);
  });

  it('withdraw with two-factor on: the code field comes when the server asks, the password stays', async () => {
    const server = contractFetch([
      handle(WalletListCall, () => wallets(1)),
      handle(CoinInfoCall, () => info),
      handle(WithdrawFeeCall, () => FEE),
      handle(WithdrawLogCall, emptyLog),
      handle(WithdrawCall, (input) =>
        input.totp_code === '123456'
          ? 'Withdrawal submitted'
          : (new Refusal('Enter your two-factor code', 'TWO_FACTOR_REQUIRED') as never),
      ),
      // The overview not yet saying two-factor is on (or failing): the server's answer shows the field.
      twoFactor(false),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<SetCashPage />, '/setCash?currency=1');
    await page.waitFor(() => expect(text()).toContain('Available 500.00000000 USDT'));
    expect($('input[name="totp_code"]')).toBeNull();
    await fillIn($<HTMLSelectElement>('select[name="address"]'), '7');
    await fillIn($<HTMLInputElement>('input[name="number"]'), '100');
    await fillIn($<HTMLInputElement>('input[name="pay_password"]'), 'trade-1');
    await click($('button[type="submit"]'));
    await confirmSend();
    await page.waitFor(() => expect($('input[name="totp_code"]')).not.toBeNull());
    expect($<HTMLInputElement>('input[name="pay_password"]').value).toBe('trade-1');
    await fillIn($<HTMLInputElement>('input[name="totp_code"]'), ' 123456 ');
    await click($('button[type="submit"]'));
    await confirmSend();
    await page.waitFor(() => expect(text()).toContain('Withdrawal submitted'));
    const sent = server.calls.filter((c) => c.path === WithdrawCall.path).map((c) => c.input);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ pay_password: 'trade-1', totp_code: '123456', address: 'sbxready' });
  });

  it('bind address with two-factor on: the code field shows at once and totp_code is sent', async () => {
    const server = contractFetch([
      handle(WalletListCall, () => wallets(1)),
      handle(CoinInfoCall, () => info),
      handle(WithdrawAddressesCall, () => []),
      handle(WithdrawAddressAddCall, (input) => ({
        id: 9,
        currency: 1,
        network: 'ERC20',
        type: String(input.type),
        address: input.address ?? '',
        memo: '',
        usable_at: Date.now() + 86_400_000,
        created_at: Date.now(),
      })),
      twoFactor(true),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<WithdrawAddressPage />, '/withdraw_address?currency=1');
    await page.waitFor(() => expect($('input[name="totp_code"]')).not.toBeNull());
    await fillIn($<HTMLInputElement>('input[name="address"]'), 'sbxnew');
    await fillIn($<HTMLInputElement>('input[name="code"]'), '654321');
    await fillIn($<HTMLInputElement>('input[name="totp_code"]'), '123456');
    await click($('[data-testid="bind-address"]'));
    await page.waitFor(() =>
      expect(server.calls.find((c) => c.path === WithdrawAddressAddCall.path)?.input).toMatchObject({
        address: 'sbxnew',
        code: '654321',
        totp_code: '123456',
      }),
    );
  });

  it('bind address: the sandbox test address comes prefilled and labelled; a short cool-off in minutes', async () => {
    const test = 'sbxtest';
    vi.stubGlobal(
      'fetch',
      contractFetch([
        handle(WalletListCall, () => wallets(1)),
        handle(CoinInfoCall, () => ({
          ...info,
          address_cooloff_ms: 120_000,
          type_data: info.type_data.map((n) => ({ ...n, test_address: test })),
        })),
        handle(WithdrawAddressesCall, () => []),
        twoFactor(false),
      ]).fetch,
    );
    page = await renderPage(
      <WithdrawAddressPage />,
      `/withdraw_address?currency=1&type=omni&address=${test}`,
    );
    await page.waitFor(() => expect($('[data-testid="test-address-filled"]')).not.toBeNull());
    expect($<HTMLInputElement>('input[name="address"]').value).toBe(test);
    expect($<HTMLSelectElement>('select[name="type"]').value).toBe('omni');
    expect(text()).toContain('A new address can receive withdrawals 2 minutes after binding.');
  });

  it('third-party mode: is_show 1 links the rupiah forms, 2 shows only the third-party entry', async () => {
    const quote = {
      currency_name: 'USDT',
      idr_rate: '16000',
      min_idr: 10_000,
      max_idr: 100_000_000,
      out_fee_percent: '1',
      channels: ['WEPAY'],
      is_sandbox: true,
      bank: null,
    };
    const withShow = (is_show: number, payOpen = true) => [
      handle(PayQuoteCall, () =>
        payOpen ? quote : (new Refusal('The rupiah channel is closed', 'PAY_CLOSED') as never),
      ),
      handle(WalletListCall, () => wallets(1)),
      handle(CoinInfoCall, () => ({ ...info, is_show })),
      handle(WithdrawFeeCall, () => FEE),
      handle(WithdrawLogCall, emptyLog),
      handle(DepositLogCall, emptyLog),
      twoFactor(false),
    ];
    vi.stubGlobal('fetch', contractFetch(withShow(1)).fetch);
    page = await renderPage(<SetCashPage />, '/setCash?currency=1');
    await page.waitFor(() => expect(text()).toContain('Withdraw in rupiah'));
    expect($('a[href="/rupiahWithdraw?currency=1"]')).not.toBeNull();
    expect($('form[aria-label="Withdraw"]')).not.toBeNull();
    page.unmount();

    // The channel refusing the coin (no rate, closed): no link to a form that could not serve it.
    vi.stubGlobal('fetch', contractFetch(withShow(2, false)).fetch);
    page = await renderPage(<SetCashPage />, '/setCash?currency=1');
    await page.waitFor(() => expect(text()).toContain('The rupiah channel is closed'));
    expect($('a[href^="/rupiahWithdraw"]')).toBeNull();
    expect($('[data-testid="withdraw-submit"]')).toBeNull();
    page.unmount();

    const server = contractFetch(withShow(2));
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<RechargePage />, '/recharge?currency=1');
    await page.waitFor(() => expect($('[data-testid="third-party-entry"]')).not.toBeNull());
    expect(text()).toContain('USDT is deposited through the third-party payment channel only');
    await page.waitFor(() =>
      expect(page!.container.querySelectorAll('a[href="/rupiahRecharge?currency=1"]')).toHaveLength(2),
    );
    expect($('[data-testid="deposit-address"]')).toBeNull();
    expect(server.calls.some((c) => c.path.includes('get_in_address'))).toBe(false);
    page.unmount();

    vi.stubGlobal('fetch', contractFetch(withShow(2)).fetch);
    page = await renderPage(<SetCashPage />, '/setCash?currency=1');
    await page.waitFor(() => expect($('[data-testid="third-party-entry"]')).not.toBeNull());
    expect($('[data-testid="withdraw-submit"]')).toBeNull();
    await page.waitFor(() =>
      expect(page!.container.querySelectorAll('a[href="/rupiahWithdraw?currency=1"]')).toHaveLength(2),
    );
  });

  it('reads every get_in_address shape into one list', () => {
    expect(toAddresses('sbxa', 'native')).toEqual([{ type: 'native', address: 'sbxa', memo: '' }]);
    expect(toAddresses({ address: 'sbxb', memo: '9' }, 'native')).toEqual([
      { type: 'native', address: 'sbxb', memo: '9' },
    ]);
    expect(toAddresses({ erc20: 'sbxc', omni: 'sbxd' }, 'erc20').map((a) => a.type)).toEqual([
      'erc20',
      'omni',
    ]);
  });
});
