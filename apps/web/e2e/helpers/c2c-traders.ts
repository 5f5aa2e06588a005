import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { apiLogin, ownAccountCode, registerViaApi, savePaymentDetailsViaApi, uniqueEmail } from './auth';
import { cardPng } from './images';

/**
 * Fresh C2C traders set up through the API (the UI is not the point there): registration, a trade
 * password, payment details, identity verification approved by the operator and, for a seller, 1 BTC
 * from the sandbox faucet moved to the legal account.
 */
export const C2C_LOGIN_PW = 'secret-c2c-2';
export const C2C_TRADE_PW = 'trade-c2c-2';
export const BTC = 2;

/** The bank account a fresh trader's payment details give (shown to the other side of a deal). */
export const sandboxBankAccount = (who: { id: number }) => `6222${who.id}00991`;

export interface Trader {
  email: string;
  token: string;
  id: number;
}

export async function api(
  request: APIRequestContext,
  who: Trader | string,
  method: 'GET' | 'POST',
  path: string,
  data = {},
) {
  const token = typeof who === 'string' ? who : who.token;
  const res =
    method === 'GET'
      ? await request.get(path, { params: data, headers: { authorization: token } })
      : await request.post(path, { data, headers: { authorization: token } });
  return (await res.json()) as { type: string; message: any; code?: string };
}

async function upload(request: APIRequestContext, who: Trader, hue: [number, number, number]) {
  const res = await request.post('/api/upload', {
    headers: { authorization: who.token },
    multipart: { file: { name: 'qr.png', mimeType: 'image/png', buffer: cardPng(hue) } },
  });
  return ((await res.json()) as { message: string }).message;
}

/** A fresh user with a trade password, payment details and verified identity. */
export async function freshTrader(
  request: APIRequestContext,
  admin: string,
  prefix: string,
): Promise<Trader> {
  const email = uniqueEmail(prefix);
  await registerViaApi(request, email, C2C_LOGIN_PW);
  const who = { email, ...(await apiLogin(request, email, C2C_LOGIN_PW)) };
  const code = await ownAccountCode(request, who, 'trade_password');
  const pw = await api(request, who, 'POST', '/api/safe/update_password', {
    password: C2C_TRADE_PW,
    re_password: C2C_TRADE_PW,
    code,
  });
  expect(pw.type).toBe('ok');
  await savePaymentDetailsViaApi(
    request,
    { ...who, password: C2C_LOGIN_PW },
    {
      real_name: `Trader ${prefix}`,
      bank_name: 'Oryx Sandbox Bank',
      bank_account: sandboxBankAccount(who),
      alipay_account: `${prefix}@alipay.example`,
      wechat_nickname: prefix,
      wechat_account: `wx_${prefix}`,
      alipay_collect: await upload(request, who, [30, 120, 220]),
      wechat_collect: await upload(request, who, [30, 180, 90]),
    },
  );
  const kyc = await api(request, who, 'POST', '/api/user/real_name', {
    name: `Trader ${prefix}`,
    card_id: `1101011991${String(who.id).padStart(8, '0')}`,
    front_pic: await upload(request, who, [200, 160, 60]),
    reverse_pic: await upload(request, who, [200, 120, 60]),
    hand_pic: await upload(request, who, [160, 160, 160]),
  });
  expect(kyc.type).toBe('ok');
  const list = await api(request, admin, 'GET', '/api/admin/kyc/list', { status: 1, limit: 100 });
  const mine = (list.message.data as { id: number; user_id: number }[]).find((s) => s.user_id === who.id);
  expect((await api(request, admin, 'POST', '/api/admin/kyc/approve', { id: mine!.id })).type).toBe('ok');
  return who;
}

/** The user's BTC wallet (legal and spot balances). */
export async function btcWallet(request: APIRequestContext, who: Trader) {
  const rows = (await api(request, who, 'GET', '/api/currency/user_currency_list')).message as {
    id: number;
    wallet: { legal_balance: string; change_balance: string };
  }[];
  return rows.find((r) => r.id === BTC)!.wallet;
}

/** 1 BTC from the sandbox faucet into the spot account once confirmed, then to the legal account. */
export async function fundLegalBtc(request: APIRequestContext, who: Trader): Promise<void> {
  const faucet = await api(request, who, 'POST', '/api/sandbox/faucet', { currency: BTC, amount: '1' });
  expect(faucet.type).toBe('ok');
  await expect
    .poll(async () => Number((await btcWallet(request, who)).change_balance), {
      timeout: 60_000,
      intervals: [1000],
    })
    .toBeGreaterThanOrEqual(1);
  const moved = await api(request, who, 'POST', '/api/wallet/change', {
    currency_id: BTC,
    number: '1',
    from_field: 'change',
    to_field: 'legal',
  });
  expect(moved.type).toBe('ok');
}

/** A page of its own (a separate browser context, with `options` such as a viewport) signed in as `who`, in English. */
export async function pageAs(browser: Browser, who: Trader, options?: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(
    ([token, id]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user_id', id);
      localStorage.setItem('locale', 'en');
    },
    [who.token, String(who.id)] as const,
  );
  return page;
}

/** Answers the C2C trade-password dialog. */
export async function tradePassword(page: Page): Promise<void> {
  await page.getByTestId('c2c-password').fill(C2C_TRADE_PW);
  await page.getByTestId('c2c-password-ok').click();
}
