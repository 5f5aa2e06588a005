/**
 * Fresh traders for fiat-shop journeys, made through the API as a user would: registered, with a trade
 * password, payment details and an approved identity check; a seller also gets coins (bought from the
 * demo shop) and a shop opened by the operator.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { cardPng } from './images';
import {
  ADMIN_EMAIL,
  apiLogin,
  ownAccountCode,
  registerViaApi,
  savePaymentDetailsViaApi,
  uniqueEmail,
} from './auth';

export const SHOP_TRADE_PASSWORD = 'trade-shop-1';
const LOGIN_PASSWORD = 'shop-pass-1';

export interface Trader {
  email: string;
  password: string;
  id: number;
  token: string;
}

type Json = Record<string, unknown>;

async function post(request: APIRequestContext, path: string, data: Json, token?: string) {
  const res = await request.post(path, { data, headers: token ? { authorization: token } : {} });
  return (await res.json()) as { type: string; message: any };
}

async function ok(request: APIRequestContext, path: string, data: Json, token?: string) {
  const body = await post(request, path, data, token);
  if (body.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(body.message)}`);
  return body.message;
}

async function upload(
  request: APIRequestContext,
  token: string,
  hue: [number, number, number],
): Promise<string> {
  const res = await request.post('/api/upload', {
    headers: { authorization: token },
    multipart: { file: { name: 'card.png', mimeType: 'image/png', buffer: cardPng(hue) } },
  });
  const body = (await res.json()) as { type: string; message: string };
  expect(body.type, JSON.stringify(body)).toBe('ok');
  return body.message;
}

/** A registered user with trade password, payment details and an approved identity. */
export async function freshTrader(request: APIRequestContext, prefix: string): Promise<Trader> {
  const email = uniqueEmail(prefix);
  await registerViaApi(request, email, LOGIN_PASSWORD);
  const { token, id } = await apiLogin(request, email, LOGIN_PASSWORD);
  // A transaction-password code: it sets the transaction password and nothing else.
  const code = await ownAccountCode(request, { token, email }, 'trade_password');
  await ok(
    request,
    '/api/safe/update_password',
    { password: SHOP_TRADE_PASSWORD, re_password: SHOP_TRADE_PASSWORD, code },
    token,
  );
  const [ali, wx] = [
    await upload(request, token, [40, 120, 220]),
    await upload(request, token, [40, 180, 90]),
  ];
  await savePaymentDetailsViaApi(
    request,
    { token, email, password: LOGIN_PASSWORD },
    {
      real_name: `Shop Tester ${id}`,
      bank_name: 'Sandbox Bank',
      bank_account: `6222 8888 ${String(id).padStart(4, '0')}`,
      alipay_account: `${prefix}${id}@alipay`,
      wechat_nickname: `tester${id}`,
      wechat_account: `wx_${prefix}${id}`,
      alipay_collect: ali,
      wechat_collect: wx,
    },
  );
  const pics = [
    await upload(request, token, [70, 130, 200]),
    await upload(request, token, [90, 170, 120]),
    await upload(request, token, [200, 150, 80]),
  ];
  await ok(
    request,
    '/api/user/real_name',
    {
      name: `Shop Tester ${id}`,
      card_id: `11017002${id}`,
      front_pic: pics[0],
      reverse_pic: pics[1],
      hand_pic: pics[2],
    },
    token,
  );
  const admin = (await apiLogin(request, ADMIN_EMAIL)).token;
  const queue = await (
    await request.get('/api/admin/kyc/list', {
      params: { status: 1, limit: 100 },
      headers: { authorization: admin },
    })
  ).json();
  const submission = queue.message.data.find((s: { user_id: number }) => s.user_id === id);
  await ok(request, '/api/admin/kyc/approve', { id: submission.id }, admin);
  return { email, password: LOGIN_PASSWORD, id, token };
}

/**
 * Gives a trader `amount` USDT in the legal wallet by buying it from the demo shop (seller@oryx.local):
 * take, pay, and the demo seller confirms.
 */
export async function buyFromDemoShop(request: APIRequestContext, t: Trader, amount: string): Promise<void> {
  const list = await (
    await request.get('/api/legal_deal_platform', { params: { type: 'sell', page: 1, currency_id: 1 } })
  ).json();
  const demo = list.message.data.find((a: { seller_name: string }) => a.seller_name === 'Oryx Demo Shop');
  const taken = await ok(
    request,
    '/api/do_legal_deal',
    { id: demo.id, means: 'number', value: amount, password: SHOP_TRADE_PASSWORD },
    t.token,
  );
  await ok(request, '/api/user_legal_pay', { id: taken.data.id, password: SHOP_TRADE_PASSWORD }, t.token);
  const seller = (await apiLogin(request, 'seller@oryx.local')).token;
  await ok(request, '/api/legal_deal_sure', { id: taken.data.id, password: 'oryx-demo-1' }, seller);
}

/** The operator makes the trader a seller with a USDT shop; returns the shop id. */
export async function openShop(request: APIRequestContext, t: Trader, name: string): Promise<number> {
  const admin = (await apiLogin(request, ADMIN_EMAIL)).token;
  const r = await ok(request, '/api/admin/p2p/open_shop', { account: t.email, currency_id: 1, name }, admin);
  return r.id as number;
}
