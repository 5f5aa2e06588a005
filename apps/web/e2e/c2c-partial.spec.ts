import { resources } from '@oryx/i18n';
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, apiLogin } from './helpers/auth';
import {
  BTC,
  C2C_TRADE_PW,
  type Trader,
  api,
  btcWallet,
  freshTrader,
  fundLegalBtc,
  pageAs,
  tradePassword,
} from './helpers/c2c-traders';

/**
 * A C2C sell ad with per-deal limits, taken in part. The seller posts 0.4 BTC at 450000 CNY with deals
 * of 9000 to 90000 CNY and a 30-minute payment window; the buyer takes 0.1 BTC (45000 CNY) and writes
 * in the deal's chat; the seller's bell counts the "ad taken" notice and the seller's deal page shows
 * the message; the buyer marks it paid, the seller is told and releases. The coins move by exactly the
 * part taken and the ad keeps the rest.
 */
const t = resources.en.c2c;

let seller: Trader;
let buyer: Trader;

test.describe('C2C: a partial take with chat and notifications', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    const admin = (await apiLogin(request, ADMIN_EMAIL)).token;
    [seller, buyer] = await Promise.all([
      freshTrader(request, admin, 'psell').then(async (who) => {
        await fundLegalBtc(request, who);
        return who;
      }),
      freshTrader(request, admin, 'pbuy'),
    ]);
  });

  test('the buyer takes part of an ad; the seller is told, reads the chat and releases', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const sellerPage = await pageAs(browser, seller);
    await sellerPage.goto('/#/c2cRelease');
    const form = sellerPage.getByTestId('c2c-form-sell');
    await form.locator('select[name="currency"]').selectOption(String(BTC));
    await form.locator('input[name="total_number"]').fill('0.4');
    await form.locator('input[name="price"]').fill('450000');
    await form.locator('select[name="way"]').selectOption('bank');
    await form.locator('select[name="coin_code"]').selectOption('CNY');
    await form.locator('input[name="min_number"]').fill('9000');
    await form.locator('input[name="max_number"]').fill('90000');
    await form.locator('select[name="pay_window"]').selectOption('30');
    await form.getByRole('button', { name: t.form.submit }).click();
    await tradePassword(sellerPage);
    await expect(sellerPage.getByTestId('toast').first()).toContainText(resources.en.p2p.ok.posted);
    await expect(sellerPage.getByTestId('c2c-my-ads')).toContainText('450000');
    expect((await btcWallet(request, seller)).legal_balance).toBe('0.60000000');
    const ads = await api(request, seller, 'GET', '/api/c2c/seller_trade', {
      type: 'sell',
      page: 1,
      currency_id: BTC,
    });
    const ad = ads.message.data[0] as { id: number; surplus_number: string };
    expect(Number(ad.surplus_number)).toBe(0.4);
    // The faucet's "deposit credited" is read: the bell's count below is this deal's alone.
    const read = await api(request, seller, 'POST', '/api/user/notifications/read', { all: 1 });
    expect(read.type).toBe('ok');
    await sellerPage.reload();
    await expect(sellerPage.getByTestId('notification-bell')).toBeVisible();
    await expect(sellerPage.getByTestId('notification-badge')).toHaveCount(0);

    // The buyer takes 0.1 BTC of it (45000 CNY, within 9000..90000).
    const buyerPage = await pageAs(browser, buyer);
    await buyerPage.goto('/#/c2c');
    await buyerPage.getByRole('tab', { name: 'BTC' }).click();
    await buyerPage.getByTestId(`c2c-take-${ad.id}`).click();
    await buyerPage.getByTestId('c2c-take-amount').fill('0.1');
    await buyerPage.getByTestId('c2c-take-password').fill(C2C_TRADE_PW);
    await buyerPage.getByTestId('c2c-take-ok').click();
    // The seller, still on the ad page, is told by the push at once: a toast (it lasts 3 s).
    await expect(
      sellerPage.getByTestId('toast').filter({ hasText: 'Your ad was taken: deal #' }),
    ).toBeVisible();
    await buyerPage.waitForURL(/#\/c2cDetail\?id=\d+/);
    const dealId = Number(new URL(buyerPage.url().replace('#/', '')).searchParams.get('id'));
    await expect(buyerPage.getByTestId('c2c-status')).toHaveText(t.status.waiting);
    // The ad's own payment window, not the default 24 hours.
    await expect(buyerPage.getByTestId('c2c-time-left')).toContainText(/(29:[0-5]\d|30:00)/);
    await buyerPage.getByTestId('deal-chat-input').fill('Sending 45000 CNY by bank card');
    await buyerPage.getByTestId('deal-chat-send').click();
    await expect(buyerPage.getByTestId('deal-chat-message').last()).toContainText(
      'Sending 45000 CNY by bank card',
    );

    // The bell counts it and lists it.
    const takenText = `Your ad was taken: deal #${dealId}, 0.1`;
    await expect(sellerPage.getByTestId('notification-badge')).toHaveText('1');
    await sellerPage.getByTestId('notification-bell').click();
    await expect(sellerPage.getByTestId('notification-list').first()).toContainText(takenText);
    await sellerPage.keyboard.press('Escape');

    // The ad keeps exactly the rest.
    const after = await api(request, seller, 'GET', '/api/c2c/seller_trade', {
      type: 'sell',
      page: 1,
      currency_id: BTC,
    });
    const left = (after.message.data as { id: number; surplus_number: string }[]).find(
      (a) => a.id === ad.id,
    )!;
    expect(Number(left.surplus_number)).toBe(0.3);

    // The seller's deal page shows the buyer's message; the reply reaches the buyer.
    await sellerPage.goto(`/#/c2cDetail?id=${dealId}`);
    await expect(sellerPage.getByTestId('c2c-actions')).toHaveText(t.detail.waitPay);
    await expect(sellerPage.getByTestId('deal-chat-message').last()).toContainText(
      'Sending 45000 CNY by bank card',
    );
    await sellerPage.getByTestId('deal-chat-input').fill('Received the details, waiting');
    await sellerPage.getByTestId('deal-chat-input').press('Enter');
    await expect(buyerPage.getByTestId('deal-chat-message').last()).toContainText(
      'Received the details, waiting',
    );

    // Paid: the seller's page follows and the seller is told.
    await buyerPage.getByTestId('c2c-pay').click();
    await tradePassword(buyerPage);
    const paidText = `Deal #${dealId} is marked paid`;
    await expect(sellerPage.getByTestId('toast').filter({ hasText: paidText })).toBeVisible();
    await expect(buyerPage.getByTestId('c2c-status')).toHaveText(t.status.paid);
    await expect(sellerPage.getByTestId('c2c-status')).toHaveText(t.status.paid);
    await sellerPage.getByTestId('notification-bell').click();
    await expect(sellerPage.getByTestId('notification-list').first()).toContainText(paidText);
    await sellerPage.keyboard.press('Escape');

    await sellerPage.getByTestId('c2c-confirm').click();
    await tradePassword(sellerPage);
    await expect(sellerPage.getByTestId('c2c-status')).toHaveText(t.status.done);
    await expect(buyerPage.getByTestId('c2c-status')).toHaveText(t.status.done);

    // Exactly the part taken moved; the rest stays escrowed in the ad.
    expect((await btcWallet(request, buyer)).legal_balance).toBe('0.10000000');
    expect((await btcWallet(request, seller)).legal_balance).toBe('0.60000000');
    const closed = await api(request, seller, 'GET', '/api/c2c/seller_trade', {
      type: 'sell',
      page: 1,
      currency_id: BTC,
    });
    const rest = (closed.message.data as { id: number; surplus_number: string }[]).find(
      (a) => a.id === ad.id,
    )!;
    expect(Number(rest.surplus_number)).toBe(0.3);
    await sellerPage.context().close();
    await buyerPage.context().close();
  });
});
