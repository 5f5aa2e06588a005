import { resources } from '@oryx/i18n';
import { expect, screenshot, test } from './fixtures';
import { ADMIN_EMAIL, apiLogin, loginViaApi } from './helpers/auth';
import {
  BTC,
  C2C_TRADE_PW,
  type Trader,
  api,
  btcWallet,
  freshTrader,
  fundLegalBtc,
  pageAs,
  sandboxBankAccount,
  tradePassword,
} from './helpers/c2c-traders';
import { cardPng } from './helpers/images';

/**
 * C2C between fresh users. Set up through the API where the UI is not the point: registration, the
 * trade password, payment details, identity verification (approved by the operator) and coins (the
 * sandbox faucet, then spot → legal). Then, in the pages: a seller posts a sell ad, a buyer takes it,
 * marks it paid, the seller (whose deal page follows by the push) confirms, and the balances move by
 * exactly the ad's amount; a second deal is appealed with an image and the operator decides it.
 */
const t = resources.en.c2c;
const consoleEn = resources.en.console;
const PHONE = { viewport: { width: 390, height: 844 } };

let admin = '';
let sellers: Trader[] = [];
let buyers: Trader[] = [];

test.describe.configure({ mode: 'serial' });

test.describe('C2C between fresh users', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    admin = (await apiLogin(request, ADMIN_EMAIL)).token;
    const ready = async (prefix: string, funded: boolean) => {
      const who = await freshTrader(request, admin, prefix);
      if (funded) await fundLegalBtc(request, who);
      return who;
    };
    [sellers, buyers] = await Promise.all([
      Promise.all([ready('sella', true), ready('sellb', true)]),
      Promise.all([ready('buya', false), ready('buyb', false)]),
    ]);
  });

  test('post, take, pay, confirm: the coins move exactly, the pages follow by push', async ({
    browser,
    request,
  }) => {
    const [seller, buyer] = [sellers[0]!, buyers[0]!];
    const sellerPage = await pageAs(browser, seller, PHONE);
    await sellerPage.goto('/#/c2cRelease');
    const form = sellerPage.getByTestId('c2c-form-sell');
    await form.locator('select[name="currency"]').selectOption(String(BTC));
    // Required in order: quantity first.
    await form.getByRole('button', { name: t.form.submit }).click();
    await expect(form.getByText(t.form.needQuantity)).toBeVisible();
    await form.locator('input[name="total_number"]').fill('0.4');
    await form.locator('input[name="price"]').fill('450000.50');
    await form.locator('select[name="way"]').selectOption('bank');
    await form.locator('select[name="coin_code"]').selectOption('CNY');
    await form.getByRole('button', { name: t.form.submit }).click();
    await tradePassword(sellerPage);
    await expect(sellerPage.getByTestId('toast').first()).toContainText(resources.en.p2p.ok.posted);
    await expect(sellerPage).toHaveURL(/#\/c2cRelease$/);
    await expect(form.locator('input[name="total_number"]')).toHaveValue('');
    await expect(sellerPage.getByTestId('c2c-my-ads')).toContainText('450000.50 CNY'); // shown: BTC, sell
    expect((await btcWallet(request, seller)).legal_balance).toBe('0.60000000');
    const ads = await api(request, seller, 'GET', '/api/c2c/seller_trade', {
      type: 'sell',
      page: 1,
      currency_id: BTC,
    });
    const adId = ads.message.data[0].id as number;

    const buyerPage = await pageAs(browser, buyer, PHONE);
    await buyerPage.goto('/#/c2c');
    await buyerPage.getByRole('tab', { name: 'BTC' }).click();
    // The market names the advertiser by the public nickname, never by the e-mail address.
    const sellerNickname = (await api(request, seller, 'GET', '/api/user/center')).message.nickname as string;
    await expect(buyerPage.getByText(sellerNickname).first()).toBeVisible();
    await expect(buyerPage.locator('body')).not.toContainText(seller.email.split('@')[0]!);
    await buyerPage.getByTestId(`c2c-take-${adId}`).click();
    await buyerPage.getByTestId('c2c-take-password').fill(C2C_TRADE_PW);
    await buyerPage.getByTestId('c2c-take-ok').click();
    await buyerPage.waitForURL(/#\/c2cDetail\?id=\d+/);
    const dealId = Number(new URL(buyerPage.url().replace('#/', '')).searchParams.get('id'));
    await expect(buyerPage.getByTestId('c2c-status')).toHaveText(t.status.waiting);
    await expect(buyerPage.getByTestId('c2c-time-left')).toContainText(/23:59:\d\d|24:00:00/);
    await expect(buyerPage.getByTestId('c2c-seller-cash')).toContainText(sandboxBankAccount(seller));
    await screenshot(buyerPage, 'c2c-detail-waiting-phone');

    await sellerPage.goto(`/#/c2cDetail?id=${dealId}`);
    await expect(sellerPage.getByTestId('c2c-actions')).toHaveText(t.detail.waitPay);
    // The parties talk on the deal page; each message reaches the other page by the push.
    await buyerPage.getByTestId('deal-chat-input').fill('Paying by bank card now');
    await buyerPage.getByTestId('deal-chat-send').click();
    await expect(sellerPage.getByTestId('deal-chat-message').last()).toContainText('Paying by bank card now');
    await sellerPage.getByTestId('deal-chat-input').fill('OK, I will check my account');
    await sellerPage.getByTestId('deal-chat-input').press('Enter');
    await expect(buyerPage.getByTestId('deal-chat-message').last()).toContainText(
      'OK, I will check my account',
    );
    await screenshot(buyerPage, 'c2c-detail-chat-phone');
    await buyerPage.getByTestId('c2c-pay').click();
    await tradePassword(buyerPage);
    await expect(buyerPage.getByTestId('c2c-status')).toHaveText(t.status.paid);
    // The seller's page turns by the push, without a reload.
    await sellerPage.getByTestId('c2c-confirm').click();
    await tradePassword(sellerPage);
    await expect(sellerPage.getByTestId('c2c-status')).toHaveText(t.status.done);
    await expect(buyerPage.getByTestId('c2c-status')).toHaveText(t.status.done);
    expect((await btcWallet(request, buyer)).legal_balance).toBe('0.40000000');
    expect((await btcWallet(request, seller)).legal_balance).toBe('0.60000000');
    await sellerPage.context().close();
    await buyerPage.context().close();
  });

  test('an appeal with an image, decided by the operator', async ({ browser, request }) => {
    const [seller, buyer] = [sellers[1]!, buyers[1]!];
    const posted = await api(request, seller, 'POST', '/api/c2c_send', {
      type: 'sell',
      currency_id: BTC,
      total_number: '0.25',
      price: '450000',
      way: 'ali_pay',
      coin_code: 'CNY',
      password: C2C_TRADE_PW,
    });
    expect(posted.type).toBe('ok');
    const ads = await api(request, seller, 'GET', '/api/c2c/seller_trade', {
      type: 'sell',
      page: 1,
      currency_id: BTC,
    });
    const taken = await api(request, buyer, 'POST', '/api/c2c/do_legal_deal', {
      id: ads.message.data[0].id,
      password: C2C_TRADE_PW,
    });
    const dealId = taken.message.data.id as number;
    expect(
      (await api(request, buyer, 'POST', '/api/c2c/user_legal_pay', { id: dealId, password: C2C_TRADE_PW }))
        .type,
    ).toBe('ok');

    const page = await pageAs(browser, buyer, PHONE);
    await page.goto(`/#/c2cDetail?id=${dealId}`);
    await expect(page.getByTestId('c2c-status')).toHaveText(t.status.paid);
    await page.getByTestId('c2c-appeal').click();
    await page.getByTestId('c2c-appeal-ok').click();
    await expect(page.getByText(t.appeal.needNote)).toBeVisible();
    await page.getByTestId('c2c-appeal-note').fill('Paid by Alipay, the seller does not confirm.');
    await page
      .getByTestId('c2c-appeal-image')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: cardPng([220, 90, 90]) });
    await expect(page.getByRole('dialog').locator('img')).toHaveCount(1);
    await page.getByTestId('c2c-appeal-ok').click();
    await expect(page.getByTestId('c2c-status')).toHaveText(t.status.appeal);
    await expect(page.getByTestId('c2c-evidence').locator('img')).toHaveCount(1); // fetched with the session
    await expect(page.getByTestId('c2c-appeal-result')).toHaveText(t.appeal.pending);
    await screenshot(page, 'c2c-detail-appeal-phone');

    // 0.25 BTC is worth more than the four-eyes amount: the first operator's decision is only recorded.
    const reason = `Alipay record matches deal ${dealId}`;
    const requested = await api(request, admin, 'POST', '/api/admin/p2p/decide', {
      id: dealId,
      result: 'release',
      reason,
    });
    expect(requested.message).toEqual({ id: dealId, is_sure: 4, four_eyes_pending: true });
    expect((await btcWallet(request, buyer)).legal_balance).toBe('0.00000000');

    // A second operator reviews it on the approvals page (deal, parties, evidence, the request's reason)
    // and approves it by making the same decision with their own reason.
    const operator = await (await browser.newContext({ baseURL: process.env.ORYX_E2E_URL })).newPage();
    await loginViaApi(operator, 'operator@oryx.local');
    await operator.goto('/#/console/approvals');
    const row = operator.getByRole('row').filter({ hasText: reason });
    await row.getByRole('button', { name: consoleEn.escrow.review }).click();
    const review = operator.getByRole('dialog');
    await expect(review.getByTestId('escrow-review')).toContainText(
      'Paid by Alipay, the seller does not confirm.',
    );
    await expect(review.getByTestId('escrow-review')).toContainText(buyer.email);
    await expect(review.getByTestId('escrow-pending')).toContainText(reason);
    await expect(review.locator('img')).toHaveCount(1); // the appeal image, fetched with the session
    await expect(review.getByTestId('escrow-approve')).toBeDisabled();
    await review.getByTestId('escrow-reason').fill('Checked the Alipay record with the buyer');
    await screenshot(operator, 'console-escrow-review');
    await review.getByTestId('escrow-approve').click();
    await expect(operator.getByText(consoleEn.escrow.done).first()).toBeVisible();
    await operator.context().close();
    await expect(page.getByTestId('c2c-status')).toHaveText(t.status.done);
    await expect(page.getByTestId('c2c-appeal-result')).toHaveText(t.appeal.result_release);
    expect((await btcWallet(request, buyer)).legal_balance).toBe('0.25000000');
    expect((await btcWallet(request, seller)).legal_balance).toBe('0.75000000');
    await page.context().close();
  });
});
