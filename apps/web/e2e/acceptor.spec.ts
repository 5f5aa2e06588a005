import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { resources } from '@oryx/i18n';
import { expect, screenshot, setTheme, test } from './fixtures';
import { loginViaApi } from './helpers/auth';
import { SHOP_TRADE_PASSWORD, freshTrader } from './helpers/shop-users';

/**
 * Acceptors: a fresh user deposits with the demo CNY acceptor (seller@oryx.local, USDT at 7.20 in and
 * 7.05 out), the acceptor confirms on its desk; the user then sells coin to the acceptor (escrowed at
 * once, after the trade password), the acceptor marks it paid and confirms, and the balances move by the
 * exact amounts. A third deal the user disputes in the page; an operator returns its coin from the
 * console with a written reason. Every deal ends, so nothing is left open for other journeys.
 */
const en = resources.en.acceptor;
const consoleEn = resources.en.console;
const common = resources.en.common;
const ACCEPTOR_EMAIL = 'seller@oryx.local';
const U = 100_000_000n;

const minor = (v: string) => {
  const [i = '0', f = ''] = v.split('.');
  return BigInt(i) * U + BigInt(f.padEnd(8, '0').slice(0, 8));
};

async function balances(request: APIRequestContext, token: string, acceptorId: number) {
  const res = await request.get('/api/acceptor/info', {
    params: { id: acceptorId },
    headers: { authorization: token },
  });
  const m = ((await res.json()) as { message: { user_balance: string; acceptor_balance: string } }).message;
  return { user: minor(m.user_balance), acceptor: minor(m.acceptor_balance) };
}

async function openDeal(page: Page, acceptorId: number, current: 0 | 1, money: string): Promise<void> {
  await page.goto(`/#/rechargeMoney?id=${acceptorId}&current=${current}`);
  await page.getByLabel(en.form.way).selectOption('bank');
  await page.getByLabel(en.form.mobile).fill('13812345678');
  await page.getByLabel(en.form.dealAccount).fill('6222 0210 5555 0001');
  await page.getByLabel(en.form.money.replace('{{quote}}', 'CNY')).fill(money);
  // Selling sends my coin away: the trade password, as a withdrawal.
  if (current === 1) await page.locator('input[name="password"]').fill(SHOP_TRADE_PASSWORD);
  await page.getByRole('button', { name: en.form.submit }).click();
  await page.waitForURL(new RegExp(`#/chargeRecord\\?current=${current}$`));
}

async function deskPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: process.env.ORYX_E2E_URL })).newPage();
  await loginViaApi(page, ACCEPTOR_EMAIL);
  return page;
}

async function deskMove(desk: Page, dealId: number, button: string): Promise<void> {
  await desk.goto('/#/acceptorDesk');
  await desk.reload();
  await desk.getByTestId(`desk-actions-${dealId}`).getByRole('button', { name: button }).click();
  await desk.getByRole('dialog').getByRole('button', { name: common.actions.confirm }).click();
  await expect(desk.getByTestId('toast').first()).toBeVisible();
}

async function lastDealId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/acceptor/my_deal', { headers: { authorization: token } });
  return ((await res.json()) as { message: { data: { id: number }[] } }).message.data[0]!.id;
}

test.describe('acceptors', () => {
  test('a user deposits, then sells coin to an acceptor who marks it paid and confirms', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const trader = await freshTrader(page.request, 'acceptor');
    const token = trader.token;
    await loginViaApi(page, trader.email, trader.password);
    const list = await (await page.request.get('/api/acceptor/list', { params: { address: 'cny' } })).json();
    const acceptorId = (list as { message: { id: number }[] }).message[0]!.id;

    await page.goto('/#/aceite');
    await expect(page.getByTestId(`acceptor-${acceptorId}`)).toBeVisible();
    await page.getByTestId(`acceptor-${acceptorId}`).getByRole('link', { name: en.list.deposit }).click();
    await expect(page).toHaveURL(new RegExp(`rechargeMoney\\?id=${acceptorId}&current=0`));

    // Deposit 720 CNY = 100 USDT; the acceptor confirms on its desk.
    const start = await balances(page.request, token, acceptorId);
    expect(start.user).toBe(0n);
    await openDeal(page, acceptorId, 0, '720');
    const buyId = await lastDealId(page.request, token);
    expect((await balances(page.request, token, acceptorId)).acceptor).toBe(start.acceptor - 100n * U);
    const desk = await deskPage(browser);
    await deskMove(desk, buyId, en.desk.confirm);
    expect((await balances(page.request, token, acceptorId)).user).toBe(100n * U);

    // Sell 141 CNY = 20 USDT at 7.05: escrowed at once; the acceptor marks it paid, then confirms.
    await openDeal(page, acceptorId, 1, '141');
    const sellId = await lastDealId(page.request, token);
    expect((await balances(page.request, token, acceptorId)).user).toBe(80n * U);
    await deskMove(desk, sellId, en.desk.markTransferred);
    await page.reload();
    await expect(page.getByTestId(`deal-status-${sellId}`)).toContainText(en.record.transferred);
    await deskMove(desk, sellId, en.desk.confirm);
    await page.reload();
    await expect(page.getByTestId(`deal-status-${sellId}`)).toContainText(en.record.state1);
    const end = await balances(page.request, token, acceptorId);
    expect(end).toEqual({ user: 80n * U, acceptor: start.acceptor - 100n * U + 20n * U });
    await desk.context().close();

    // A sell the acceptor never pays: the user disputes it; an operator returns the coin with a reason.
    await openDeal(page, acceptorId, 1, '141');
    const disputedId = await lastDealId(page.request, token);
    expect((await balances(page.request, token, acceptorId)).user).toBe(60n * U);
    await page.setViewportSize({ width: 390, height: 844 });
    await setTheme(page, 'white');
    await page.getByTestId(`acceptor-dispute-${disputedId}`).click();
    await page.getByTestId('acceptor-dispute-ok').click();
    await expect(page.getByText(en.record.needNote)).toBeVisible();
    await page.getByTestId('acceptor-dispute-note').fill('The acceptor has not paid my bank card.');
    await screenshot(page, 'acceptor-dispute-phone-white');
    await page.getByTestId('acceptor-dispute-ok').click();
    await expect(page.getByTestId(`deal-status-${disputedId}`)).toContainText(en.record.disputed);

    const operator = await (await browser.newContext({ baseURL: process.env.ORYX_E2E_URL })).newPage();
    await loginViaApi(operator, 'operator@oryx.local');
    await operator.goto('/#/console/acceptors');
    await expect(operator.getByTestId(`dispute-return-${disputedId}`)).toBeVisible();
    await screenshot(operator, 'console-acceptor-disputes');
    await operator.getByTestId(`dispute-return-${disputedId}`).click();
    await expect(operator.getByTestId('escrow-decide-ok')).toBeDisabled(); // no reason yet
    await operator
      .getByTestId('escrow-reason')
      .fill('No transfer on the acceptor side; coin back to the user.');
    await operator.getByTestId('escrow-decide-ok').click();
    await expect(operator.getByText(consoleEn.escrow.done).first()).toBeVisible();
    await operator.context().close();
    expect((await balances(page.request, token, acceptorId)).user).toBe(80n * U);
    await page.reload();
    await expect(page.getByTestId(`deal-status-${disputedId}`)).toContainText(en.record.decided);
  });
});
