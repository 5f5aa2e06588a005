import type { Browser, Page } from '@playwright/test';
import { resources } from '@oryx/i18n';
import { expect, screenshot, test } from './fixtures';
import { loginViaApi } from './helpers/auth';
import {
  SHOP_TRADE_PASSWORD,
  buyFromDemoShop,
  freshTrader,
  openShop,
  type Trader,
} from './helpers/shop-users';

/**
 * Fiat shops: a fresh seller (coins bought from the demo shop, shop opened by the operator) funds the
 * shop and posts a sell ad with per-order limits; a fresh buyer takes part of it by number, pays; the
 * seller confirms; the buyer's fiat account and the shop balance move by exactly the deal. The seller
 * withdraws the ad at the end, so nothing is left open for other journeys.
 */
const en = resources.en.shop;

async function pageFor(browser: Browser, t: Trader): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginViaApi(page, t.email, t.password);
  return page;
}

async function givePassword(page: Page): Promise<void> {
  await page.getByTestId('shop-password').fill(SHOP_TRADE_PASSWORD);
  await page.getByTestId('shop-password-ok').click();
}

const toast = (page: Page, text: string) =>
  expect(page.getByTestId('toast').filter({ hasText: text }).first()).toBeVisible();

test.describe('fiat shops', () => {
  test('seller posts, buyer takes part and pays, seller confirms, balances move', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const seller = await freshTrader(request, 'shop-seller');
    const buyer = await freshTrader(request, 'shop-buyer');
    await buyFromDemoShop(request, seller, '30');
    const shopId = await openShop(request, seller, `Shop ${seller.id}`);

    // The seller funds the shop and posts a sell ad: 10 USDT at 7.00 CNY, 7 to 35 CNY per order.
    const s = await pageFor(browser, seller);
    await s.goto('/#/myLegalShops');
    await expect(s.getByTestId(`shop-card-${shopId}`)).toContainText(`Shop ${seller.id}`);
    await s.goto(`/#/transferstore?id=${shopId}`);
    await s.getByTestId('shop-transfer-amount').fill('20');
    await s.getByTestId('shop-transfer-submit').click();
    await toast(s, resources.en.shop.ok.transferred);
    await s.goto(`/#/legalTradeSet?id=${shopId}`);
    await s.getByTestId('shop-post-submit').click();
    await expect(s.getByText(en.error.amountRequired).first()).toBeVisible(); // nothing sent
    await s.getByTestId('shop-post-total').fill('10');
    await s.getByTestId('shop-post-price').fill('7.00');
    await s.getByTestId('shop-post-min').fill('7');
    await s.getByTestId('shop-post-max').fill('35');
    await s.getByTestId('shop-post-password').fill(SHOP_TRADE_PASSWORD);
    await s.getByTestId('shop-post-submit').click();
    await s.waitForURL(/#\/legalShopDetail/);
    await expect(s.getByText(en.ad.onShelf).first()).toBeVisible();

    // The buyer finds the ad on the shop's page and takes 2 USDT.
    const b = await pageFor(browser, buyer);
    await b.goto(`/#/legalSeller?id=${shopId}`);
    await expect(b.getByRole('heading', { name: `Shop ${seller.id}` })).toBeVisible();
    const take = b.locator('[data-testid^="shop-take-"]').first();
    await take.click();
    await b.getByTestId('shop-take-value').fill('6');
    await b.getByTestId('shop-take-password').fill(SHOP_TRADE_PASSWORD);
    await b.getByTestId('shop-take-ok').click();
    await toast(b, '35 CNY'); // 42 CNY is above the maximum: refused, with the limit in the message
    await b.getByTestId('shop-take-value').fill('2');
    await b.getByTestId('shop-take-ok').click();
    await b.waitForURL(/#\/legalPay\?id=\d+/);
    const dealId = Number(new URL(b.url().replace('#/', '')).searchParams.get('id'));
    await expect(b.getByText('14.00 CNY')).toBeVisible();
    await screenshot(b, 'shop-legal-pay');
    await b.getByTestId('shop-move-pay').click();
    await givePassword(b);
    await toast(b, en.ok.paid);

    // The seller sees the paid order and confirms receipt.
    await s.goto(`/#/shopLegalRecord?shop_id=${shopId}`);
    await s.locator('tbody tr', { hasText: en.state['3'] }).first().click();
    await s.waitForURL(new RegExp(`#/shopLegalPayDetail\\?id=${dealId}`));
    await s.getByTestId('shop-move-sure').click();
    await givePassword(s);
    await toast(s, en.ok.confirmed);

    // Balances: the buyer's fiat account +2, the shop 20 - 10 posted; 8 still in escrow on the ad.
    await b.goto(`/#/legalPay?id=${dealId}`);
    // The state badge itself: the deal's "Completed at" line contains the word too.
    await expect(b.getByText(en.state['1'], { exact: true })).toBeVisible();
    await b.goto(`/#/legalSeller?id=${shopId}`);
    // The header's unread badge may also read 2: the shop's own figure is in the page's main part.
    await expect(b.getByRole('main').getByText(/^2(\.0+)?$/)).toBeVisible();
    await s.goto('/#/myLegalShops');
    const card = s.getByTestId(`shop-card-${shopId}`);
    await expect(card).toContainText(en.mine.balance);
    // Each figure by its own id: a cached page may show the earlier escrow (10) until it refetches.
    await expect(s.getByTestId(`shop-balance-${shopId}`)).toHaveText('10');
    await expect(s.getByTestId(`shop-locked-${shopId}`)).toHaveText('8');

    // The seller withdraws the ad: the 8 left return to the shop balance.
    await s.goto(`/#/legalShopDetail?id=${shopId}`);
    await s.locator('[data-testid^="shop-withdraw-"]').first().click();
    await givePassword(s);
    await toast(s, en.ok.withdrawn);
    await s.goto(`/#/balancelog?seller_id=${shopId}`);
    await expect(s.getByText('+8').first()).toBeVisible();
    await screenshot(s, 'shop-balance-log');
  });
});
