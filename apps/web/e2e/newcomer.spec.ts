/**
 * A newcomer's first hour, without the console: sign up with the invite code and the demo's sandbox
 * notice (the code sent to the address typed, shown on the page), land logged in, take test coins from
 * the sandbox faucet, and buy BNB by the sum spent ("spend 700 USDT") at market. The deal centre asks for
 * a transaction password first: the page that sets it shows its sandbox code too and returns to the deal
 * centre. The money is exact: 650 × 1 + 651 × 0.076 spent, the unspent rest never left, the fee taken
 * in BNB.
 */
import type { APIRequestContext } from '@playwright/test';
import { resources } from '@oryx/i18n';
import { expect, setLocale, test } from './fixtures';
import { apiLogin, outboxCode, registerViaApi, uniqueEmail } from './helpers/auth';

const en = resources.en.auth;
const spot = resources.en.spot;
const USDT = 1;
const BNB = 8;
const DEAL = `/#/dealCenter?legalId=${USDT}&currencyId=${BNB}`;

interface Reply<T> {
  type: string;
  message: T;
}

async function spotBalances(request: APIRequestContext, token: string) {
  const res = await request.post('/api/wallet/list', { headers: { authorization: token }, data: {} });
  const body = (await res.json()) as Reply<{
    change_wallet: { balance: { currency: number; change_balance: string; lock_change_balance: string }[] };
  }>;
  const of = (currency: number) => {
    const row = body.message.change_wallet.balance.find((r) => r.currency === currency);
    return [row?.change_balance ?? '0', row?.lock_change_balance ?? '0'];
  };
  return { usdt: of(USDT), bnb: of(BNB) };
}

/** A seller with BNB and a transaction password (test scaffolding: codes from the admin outbox). */
async function bnbSeller(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('bnb-seller');
  await registerViaApi(request, email, 'seller-123');
  const { token } = await apiLogin(request, email, 'seller-123');
  const headers = { authorization: token };
  const faucet = await request.post('/api/sandbox/faucet', { headers, data: { currency: BNB, amount: '5' } });
  expect(((await faucet.json()) as Reply<unknown>).type).toBe('ok');
  await expect
    .poll(async () => (await spotBalances(request, token)).bnb[0], { timeout: 30_000 })
    .toBe('5.00000000');
  const before = await outboxCode(request, email);
  await request.post('/api/sms_mail', { headers, data: { user_string: email, scene: 'trade_password' } });
  let code = before;
  await expect.poll(async () => (code = await outboxCode(request, email)) !== before).toBe(true);
  const set = await request.post('/api/safe/update_password', {
    headers,
    data: { password: 'trade-123', re_password: 'trade-123', code },
  });
  expect(((await set.json()) as Reply<string>).type).toBe('ok');
  return token;
}

test('a newcomer signs up with the sandbox notice and buys at market by the sum spent, no console', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sellerToken = await bnbSeller(request);
  for (const [price, amount] of [
    ['650', '1'],
    ['651', '2'],
  ]) {
    const r = await request.post('/api/coin/trade', {
      headers: { authorization: sellerToken },
      data: { legal_id: USDT, currency_id: BNB, type: 2, target_price: price, amount },
    });
    expect(((await r.json()) as Reply<string>).type).toBe('ok');
  }

  // Sign up: the code sent to the address typed shows on the page, labelled as the sandbox's.
  await page.goto('/#/components/register');
  await setLocale(page, 'en');
  const email = uniqueEmail('newcomer');
  const form = page.locator('form[aria-labelledby="register-title"]');
  await form.locator('input[name="email"]').fill(email);
  await form.getByRole('button', { name: en.code.send }).click();
  const notice = page.getByTestId('sandbox-code');
  await expect(notice).toContainText(/Sandbox \(demo only\): your code is \d{6}/);
  await expect(notice).toContainText(email);
  await notice.getByRole('button', { name: en.sandbox.use }).click();
  await expect(form.locator('input[name="code"]')).toHaveValue(/^\d{6}$/);
  await form.locator('input[name="password"]').fill('newcomer-1');
  await form.locator('input[name="re_password"]').fill('newcomer-1');
  await form.locator('input[name="extension_code"]').fill('DEMO0001');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: en.register.submit }).click();

  // Logged in at once, on the assets page.
  await page.waitForURL(/#\/finance/);
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();

  // Test coins from the sandbox faucet, credited to the spot wallet.
  await page.goto(`/#/recharge?currency=${USDT}`);
  await page.locator('input[name="faucet_amount"]').fill('1000');
  await page.getByTestId('faucet-button').click();
  await expect(page.getByTestId('deposit-records')).toContainText(resources.en.cash.status.credited, {
    timeout: 30_000,
  });
  expect((await spotBalances(request, token!)).usdt).toEqual(['1000.00000000', '0.00000000']);

  // Market buy by the sum spent. No transaction password yet: the app offers to set one.
  const buyByTotal = async () => {
    await page.goto(DEAL);
    await expect(page.getByTestId('spot-ticker')).toContainText('BNB/USDT');
    await page.getByTestId('spot-panel').getByRole('tab', { name: spot.panel.market }).click();
    const buy = page.getByTestId('spot-form-buy');
    await buy.getByRole('tab', { name: spot.panel.byTotal }).click();
    await page.getByTestId('spot-spend-buy').fill('700');
    await page.getByTestId('spot-submit-buy').click();
    const dialog = page.getByRole('dialog');
    await expect(page.getByTestId('spot-confirm-spend')).toHaveText('700 USDT');
    await dialog.locator('button[data-autofocus]').click();
  };
  await buyByTotal();
  const offer = page.getByRole('dialog');
  await expect(offer).toContainText(resources.en.common.session.setTradePassword);
  await offer.locator('button[data-autofocus]').click();
  await page.waitForURL(/#\/bindmpwd\?from=/);
  await page.getByLabel(en.bindmpwd.password, { exact: true }).fill('trade-123');
  await page.getByLabel(en.bindmpwd.rePassword, { exact: true }).fill('trade-123');
  await page.getByRole('button', { name: en.code.send }).click();
  await page.getByTestId('sandbox-code').getByRole('button', { name: en.sandbox.use }).click();
  await page.getByRole('button', { name: en.bindmpwd.submit }).click();
  // Back where it was asked for.
  await page.waitForURL(/#\/dealCenter\?legalId=1&currencyId=8/);

  await buyByTotal();
  await expect(page.getByTestId('toast').filter({ hasText: spot.placed.filled })).toBeVisible();

  // 650 × 1 + 651 × 0.076 = 699.476 spent; 0.524 buys no 0.001 lot and never left; fee 0.2 % in BNB.
  await expect
    .poll(async () => spotBalances(request, token!))
    .toEqual({ usdt: ['300.52400000', '0.00000000'], bnb: ['1.07384800', '0.00000000'] });

  // On a phone the chart's legend sits above the drawing, not over the candles.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(DEAL);
  const legend = page.getByTestId('chart-legend');
  await expect(legend).toBeVisible();
  const legendBox = (await legend.boundingBox())!;
  const canvasBox = (await page.getByTestId('candle-chart').boundingBox())!;
  expect(legendBox.y + legendBox.height).toBeLessThanOrEqual(canvasBox.y + 1);
  expect(canvasBox.height).toBeGreaterThan(150);
});

test('anonymous visits to the shop pages of a logged-in user go to log in before any call goes out', async ({
  page,
}) => {
  // Every call that needs a session answers an anonymous visitor type 999: none may go out.
  const refused: string[] = [];
  page.on('response', async (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/')) return;
    const body = (await r.json().catch(() => null)) as { type?: string } | null;
    if (body?.type === '999') refused.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  for (const path of ['/legalRecord', '/myLegalShops', '/legalTradeSet?id=1', '/shopLegalRecord?id=1']) {
    await page.goto(`/#${path}`);
    await page.waitForURL(/#\/components\/login\?redirect=/);
    await expect(page.locator('form[aria-labelledby="login-title"]')).toBeVisible();
  }
  expect(refused).toEqual([]);
});
