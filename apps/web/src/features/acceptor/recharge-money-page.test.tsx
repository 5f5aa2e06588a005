// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AcceptorDealCall, AcceptorInfoCall } from '@oryx/contracts/acceptor/calls';
import { contractFetch, handle, Refusal } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import RechargeMoneyPage from './recharge-money-page';

const INFO = {
  id: 1,
  user_id: 9,
  name: 'Oryx OTC Desk',
  kind: 'cny' as const,
  quote_code: 'CNY',
  currency_id: 1,
  currency_name: 'USDT',
  recharge_rate: '7.2000',
  recharge_amount: '50000.00',
  recharge_min: '100.00',
  cash_rate: '7.0500',
  cash_amount: '50000.00',
  cash_min: '100.00',
  ways: ['ali_pay' as const, 'bank' as const],
  wechat_nickname: '',
  wechat_account: '',
  ali_nickname: 'Oryx OTC',
  ali_account: 'otc@oryx.example',
  bank_name: 'Bank of Shanghai',
  bank_account: '6222 0210 0188 6600',
  bank_address: 'Pudong Branch',
  user_balance: '80.00000000',
  acceptor_balance: '9900.00000000',
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
const field = (name: string) =>
  page!.container.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;
const submit = () => page!.container.querySelector('button[type="submit"]')!;

describe('/rechargeMoney', () => {
  it('checks phone, account, money, way and the trade password before sending, then sends the sell deal with the two-factor code', async () => {
    const server = contractFetch([
      handle(AcceptorInfoCall, () => INFO),
      handle(AcceptorDealCall, (input) =>
        input.totp_code === '123456'
          ? { msg: 'Deal submitted', data: { id: 7 } }
          : (new Refusal('Enter your two-factor code', 'TWO_FACTOR_REQUIRED') as never),
      ),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<RechargeMoneyPage />, '/rechargeMoney?id=1&current=1');
    await page.waitFor(() => expect(text()).toContain('Withdraw with Oryx OTC Desk'));
    expect(text()).toContain('Your available USDT80.00000000');

    await click(submit());
    expect(text()).toContain('Please enter your mobile number');
    await fillIn(field('mobile'), '13812345678');
    await click(submit());
    expect(text()).toContain('Please enter your payment account');
    await fillIn(field('deal_account'), '6222 0001');
    await fillIn(field('money'), '0');
    await click(submit());
    expect(text()).toContain('The amount must be greater than 0');
    await fillIn(field('money'), '100');
    expect(text()).toContain('14.18439717 USDT');
    await click(submit());
    expect(text()).toContain('Please choose a payment method');
    expect(server.calls.some((c) => c.path === AcceptorDealCall.path)).toBe(false);

    await fillIn(field('way'), 'bank');
    await click(submit());
    expect(text()).toContain('Enter your trade password');
    expect(server.calls.some((c) => c.path === AcceptorDealCall.path)).toBe(false);
    await fillIn(field('password'), 'trade-1');
    expect(field('totp_code')).toBeNull();
    await click(submit());
    await page.waitFor(() => expect(field('totp_code')).not.toBeNull());
    await fillIn(field('totp_code'), '123456');
    await click(submit());
    await page.waitFor(() => expect(text()).toContain('Deal submitted'));
    const sent = server.calls.filter((c) => c.path === AcceptorDealCall.path).at(-1);
    expect(sent?.input).toEqual({
      acceptor_id: 1,
      type: 'sell',
      way: 'bank',
      mobile: '13812345678',
      deal_account: '6222 0001',
      money: '100',
      password: 'trade-1',
      totp_code: '123456',
    });
    await page.waitFor(() => expect(text()).toContain('/chargeRecord'));
  });

  it('shows a refusal from the server and an unknown acceptor', async () => {
    const server = contractFetch([
      handle(AcceptorInfoCall, () => INFO),
      handle(
        AcceptorDealCall,
        () => new Refusal('The amount is below this acceptor’s minimum of 100.00') as never,
      ),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<RechargeMoneyPage />, '/rechargeMoney?id=1&current=0');
    await page.waitFor(() => expect(text()).toContain('Deposit with Oryx OTC Desk'));
    await fillIn(field('way'), 'ali_pay');
    await fillIn(field('mobile'), '13812345678');
    await fillIn(field('deal_account'), 'me@example.com');
    await fillIn(field('money'), '50');
    expect(text()).toContain('6.94444444 USDT');
    await click(submit());
    await page.waitFor(() => expect(text()).toContain('below this acceptor’s minimum'));
    page.unmount();

    vi.stubGlobal(
      'fetch',
      contractFetch([handle(AcceptorInfoCall, () => new Refusal('gone') as never)]).fetch,
    );
    page = await renderPage(<RechargeMoneyPage />, '/rechargeMoney?id=99&current=0');
    await page.waitFor(() => expect(text()).toContain('This acceptor does not exist or is not active'));
  });
});
