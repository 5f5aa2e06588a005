/**
 * Spot trading journey with two users on ETH/USDT (the demo bot is off in the e2e server, so the book is
 * theirs alone): A rests a limit buy, B sells into part of it. Both screens update live (book, latest
 * trades, chart, both order lists), balances move by exactly price × amount minus fees, and A's revoke
 * returns the held funds. Screenshots in dark/English and white/Chinese; the entrust page too.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { parseDecimal } from '@oryx/contracts/money';
import { expect, readStorage, screenshot, test, type Locale, type Theme } from './fixtures';
import { apiLogin, loginViaApi } from './helpers/auth';

// Accounts no other journey trades or transfers with.
const A = 'seller@oryx.local';
const B = 'admin@oryx.local';
const DEAL = '/#/dealCenter?legalId=1&currencyId=3';
const USDT = 1;
const ETH = 3;
const d = (s: string) => parseDecimal(s, 8, { allowZero: true, allowNegative: true });

async function balances(request: APIRequestContext, token: string) {
  const read = async (currency: number) => {
    const res = await request.post('/api/wallet/detail', {
      headers: { authorization: token },
      data: { currency, type: 'change' },
    });
    const m = (await res.json()).message as { change_balance: string; lock_change_balance: string };
    return { available: d(m.change_balance), frozen: d(m.lock_change_balance) };
  };
  return { usdt: await read(USDT), eth: await read(ETH) };
}

async function openAs(browser: Browser, email: string, locale: Locale, theme: Theme): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await page.goto('/');
  await page.evaluate(
    ([l, t]) => {
      window.localStorage.setItem('locale', l);
      window.localStorage.setItem('theme', t);
    },
    [locale, theme] as const,
  );
  await loginViaApi(page, email);
  await page.goto(DEAL);
  await page.reload();
  await expect(page.getByTestId('deal-center')).toBeVisible();
  await expect(page.getByTestId('spot-ticker')).toContainText('ETH/USDT');
  return page;
}

/**
 * The seed lists every market in one quote group (USDT). This splits that reply in two, BTC..XRP under
 * 'USDT' and DOGE, TRX, BNB under 'ALTS' (still USDT markets, so the real deal calls answer), and hides
 * BTC, the very first market, so the default has to skip it.
 */
async function splitQuotation(page: Page): Promise<void> {
  await page.route('**/api/currency/quotation_new**', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    const [usdt, ...rest] = json.message as { id: number; name: string; quotation: any[] }[];
    const at = usdt!.quotation.findIndex((q) => q.currency_name === 'DOGE');
    const first = usdt!.quotation.slice(0, at).map((q, i) => (i === 0 ? { ...q, is_display: 0 } : q));
    const message = [
      { ...usdt, quotation: first },
      { ...usdt, id: 900, name: 'ALTS', quotation: usdt!.quotation.slice(at) },
      ...rest,
    ];
    await route.fulfill({ response, json: { ...json, message } });
  });
}

async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('button[data-autofocus]').click();
  await expect(dialog).toBeHidden();
}

test.describe('spot trading', () => {
  test('two users trade through the book; lists, book, trades and chart update live; exact balances; a revoke returns the hold', async ({
    browser,
    request,
  }) => {
    const tokenA = (await apiLogin(request, A)).token;
    const tokenB = (await apiLogin(request, B)).token;
    const a = await openAs(browser, A, 'en', 'dark');
    const b = await openAs(browser, B, 'zh', 'white');
    const startA = await balances(request, tokenA);
    const startB = await balances(request, tokenB);

    // Validation messages before anything is sent (cuy.pbNum), and the price field refuses `e`.
    const buyForm = a.getByTestId('spot-form-buy');
    const price = a.getByTestId('spot-price-buy');
    await price.fill('');
    await price.pressSequentially('3333e.33');
    await expect(price).toHaveValue('3333.33');
    await a.getByTestId('spot-submit-buy').click();
    await expect(a.getByTestId('toast').last()).toContainText('Please enter the buy amount');

    // The 25 % step: available USDT × 25 % ÷ price, 4 decimals.
    await a.getByTestId('spot-pct-buy-25').click();
    const quarter = await a.getByTestId('spot-amount-buy').inputValue();
    expect(quarter).toMatch(/^\d+\.\d{4}$/);

    // A rests a limit buy of 0.25 ETH at 3333.33: the confirmation shows the price.
    await a.getByTestId('spot-amount-buy').fill('0.25');
    await expect(buyForm.getByTestId('spot-total-buy')).toHaveText('833.33250000 USDT');
    await a.getByTestId('spot-submit-buy').click();
    await expect(a.getByTestId('spot-confirm-price')).toHaveText('3333.33 USDT');
    await confirmDialog(a);
    const ordersA = a.getByTestId('spot-orders');
    await expect(ordersA.getByRole('row').filter({ hasText: '0.2500' })).toHaveCount(1);

    // B sees the bid arrive in its book without reloading.
    const bidB = b.getByTestId('book-bid').filter({ hasText: '3333.33000000' });
    await expect(bidB).toContainText('0.2500');
    await expect(b.getByTestId('spot-trades')).not.toContainText('3333.33');
    // No trade yet on this market: the chart and the trade list say so (both 'No trades yet' in English).
    await expect(a.getByText('No trades yet').first()).toBeVisible();
    await screenshot(b, 'spot-deal-center-white-zh-before');

    // B sells 0.1 ETH at that price (the Chinese confirmation shows the price too).
    await b.getByTestId('spot-price-sell').fill('3333.33');
    await b.getByTestId('spot-amount-sell').fill('0.1');
    await b.getByTestId('spot-submit-sell').click();
    await expect(b.getByTestId('spot-confirm-price')).toHaveText('3333.33 USDT');
    await confirmDialog(b);

    // Both screens: the trade in the latest trades, the bid down to 0.15, the last price, a candle.
    for (const page of [a, b]) {
      await expect(page.getByTestId('recent-trade').first()).toContainText('3333.33000000');
      await expect(page.getByTestId('recent-trade').first()).toContainText('0.1000');
      await expect(page.getByTestId('book-bid').filter({ hasText: '3333.33000000' })).toContainText('0.1500');
      await expect(page.getByTestId('spot-last-price')).toHaveText('3333.33');
    }
    // The chart got its first candle from the `kline` push: its no-data note is gone (so is the list's).
    await expect(a.getByText('No trades yet')).toHaveCount(0);
    // A's open order shows the partial fill (pushed to A's room), B's filled order is in its history.
    await expect(ordersA.getByRole('row').filter({ hasText: '0.2500' })).toContainText('0.1000');
    await b.getByTestId('spot-orders').getByRole('tab').nth(1).click();
    await expect(b.getByTestId('spot-orders').getByRole('row').filter({ hasText: '3333.33' })).toContainText(
      '0.1000',
    );

    // Exact money: 0.1 × 3333.33 = 333.333 USDT. B (taker) pays 0.2 % of it; A (maker) 0.1 % of 0.1 ETH.
    await expect
      .poll(async () => (await balances(request, tokenA)).eth.available - startA.eth.available)
      .toBe(d('0.0999'));
    const midA = await balances(request, tokenA);
    const midB = await balances(request, tokenB);
    expect(midA.usdt.available - startA.usdt.available).toBe(d('-833.3325'));
    expect(midA.usdt.frozen - startA.usdt.frozen).toBe(d('499.9995'));
    expect(midB.usdt.available - startB.usdt.available).toBe(d('332.666334'));
    expect(midB.eth.available - startB.eth.available).toBe(d('-0.1'));
    expect(midB.eth.frozen).toBe(startB.eth.frozen);
    await screenshot(a, 'spot-deal-center-dark-en-after-trade');
    await screenshot(b, 'spot-deal-center-white-zh-after-trade');

    // A revokes the rest after confirming: the 0.15 × 3333.33 = 499.9995 USDT hold comes back.
    await ordersA.getByRole('row').filter({ hasText: '0.2500' }).getByTestId('spot-revoke').click();
    await confirmDialog(a);
    await expect(ordersA.getByRole('row').filter({ hasText: '0.2500' })).toHaveCount(0);
    const endA = await balances(request, tokenA);
    expect(endA.usdt.available - startA.usdt.available).toBe(d('-333.333'));
    expect(endA.usdt.frozen).toBe(startA.usdt.frozen);
    await expect(b.getByTestId('book-bid').filter({ hasText: '3333.33000000' })).toHaveCount(0);
    // A's screen shows the returned balance (the order push reloads it).
    const shown = d((await a.getByTestId('spot-available-buy').innerText()).trim());
    expect(shown).toBe(endA.usdt.available);

    await a.context().close();
    await b.context().close();
  });

  test('visitors see login and register prompts; the entrust page lists, revokes and ends with no more data', async ({
    page,
    request,
  }) => {
    await page.goto(DEAL);
    await expect(page.getByTestId('spot-login-buy')).toBeVisible();
    await expect(page.getByTestId('spot-login-sell')).toBeVisible();
    await expect(page.getByTestId('spot-slider-buy')).toBeDisabled();
    await screenshot(page, 'spot-deal-center-visitor-dark-en');

    const { token } = await apiLogin(request, A);
    const placed = await request.post('/api/coin/trade', {
      headers: { authorization: token },
      data: { legal_id: 1, currency_id: ETH, type: 2, target_price: '9999.99', amount: '0.01' },
    });
    expect((await placed.json()).type).toBe('ok');
    await loginViaApi(page, A);
    await page.evaluate(() => window.localStorage.setItem('theme', 'white'));
    await page.goto('/#/accountEntrust');
    await page.reload();
    const list = page.getByTestId('entrust-page');
    const row = list.getByRole('row').filter({ hasText: '9999.99' });
    await expect(row).toContainText('0.0100');
    await screenshot(page, 'spot-entrust-white-en');
    await row.getByTestId('entrust-revoke').click();
    await confirmDialog(page);
    await expect(row).toHaveCount(0);
    // The completed tab lists the journey's trade(s) and ends with "no more data".
    await list.getByRole('tab').nth(2).click();
    await expect(list.getByRole('row').filter({ hasText: '3333.33' }).first()).toBeVisible();
  });

  test('the default skips hidden markets; a link to a market in another group selects its tab and row and is remembered', async ({
    page,
  }) => {
    await splitQuotation(page);
    const markets = page.getByTestId('spot-markets');
    const ticker = page.getByTestId('spot-ticker');
    const tab = (name: string) => markets.getByRole('tab', { name });
    const row = (coin: string) => markets.getByTestId(`spot-market-${coin}`);

    // Nothing stored, no query (or an empty one): the first displayed market of the first group.
    for (const url of ['/#/dealCenter', '/#/dealCenter?legalId=&currencyId=']) {
      await page.goto(url);
      await expect(ticker).toContainText('ETH/USDT');
      await expect(tab('USDT')).toHaveAttribute('aria-selected', 'true');
      await expect(row('ETH')).toHaveAttribute('aria-selected', 'true');
      await expect(row('BTC')).toHaveCount(0);
    }

    // The market table's link to TRX, listed under the second group.
    await page.goto('/#/allmarket');
    await page.getByRole('tab', { name: 'ALTS' }).click();
    await page.getByTestId('market-row').filter({ hasText: 'TRX' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/dealCenter\?legalId=1&currencyId=7$/);
    await expect(ticker).toContainText('TRX/USDT');
    await expect(tab('ALTS')).toHaveAttribute('aria-selected', 'true');
    await expect(row('TRX')).toHaveAttribute('aria-selected', 'true');
    await expect(row('TRX')).toBeVisible();
    await expect
      .poll(() => readStorage(page))
      .toMatchObject({
        deal_legal_id: '1',
        deal_currency_id: '7',
        deal_currency_name: 'TRX',
        dealIndex1: '1',
      });

    // Later, a plain /dealCenter (or an empty query) reopens it, on its tab.
    for (const url of ['/#/dealCenter', '/#/dealCenter?legalId=&currencyId=']) {
      await page.goto(url);
      await page.reload();
      await expect(ticker).toContainText('TRX/USDT');
      await expect(tab('ALTS')).toHaveAttribute('aria-selected', 'true');
      await expect(row('TRX')).toHaveAttribute('aria-selected', 'true');
    }

    // A link to a first-group market while the page is open moves the tab back.
    await page.goto('/#/dealCenter?legalId=1&currencyId=4');
    await expect(ticker).toContainText('LTC/USDT');
    await expect(tab('USDT')).toHaveAttribute('aria-selected', 'true');
    await expect(row('LTC')).toHaveAttribute('aria-selected', 'true');
  });

  test('a fill while the History tab is shown appears in it, and the balance follows, without a reload', async ({
    browser,
    request,
  }) => {
    const tokenA = (await apiLogin(request, A)).token;
    const tokenB = (await apiLogin(request, B)).token;
    const a = await openAs(browser, A, 'en', 'dark');
    const orders = a.getByTestId('spot-orders');
    await orders.getByRole('tab', { name: 'Order history' }).click();
    await expect(orders.getByRole('tab', { name: 'Order history' })).toHaveAttribute('aria-selected', 'true');

    // On LTC/USDT (no other journey trades it), at a price of this run only: A rests a buy, B fills it.
    const price = (90 + Math.floor(Math.random() * 900) / 100).toFixed(2);
    const order = (token: string, type: 1 | 2) =>
      request.post('/api/coin/trade', {
        headers: { authorization: token },
        data: { legal_id: USDT, currency_id: 4, type, target_price: price, amount: '0.5' },
      });
    const mine = orders.getByRole('row').filter({ hasText: 'LTC/USDT' }).filter({ hasText: price });
    expect((await (await order(tokenA, 1)).json()).type).toBe('ok');
    await expect(orders.getByRole('row').first()).toBeVisible();
    await expect(mine).toHaveCount(0);
    expect((await (await order(tokenB, 2)).json()).type).toBe('ok');

    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Filled');
    // Amounts exactly, at the market's decimals (LTC: 3), and the fee column (A made: 0.1 % of 0.5 LTC).
    await expect(mine).toContainText('0.500');
    await expect(mine.getByTestId('spot-order-fee')).toHaveText('0.0005 LTC');
    // The balance on screen is the one the server now holds.
    const usdt = await a.request.post('/api/wallet/detail', {
      headers: { authorization: tokenA },
      data: { currency: USDT, type: 'change' },
    });
    const available = d((await usdt.json()).message.change_balance);
    await expect
      .poll(async () => d((await a.getByTestId('spot-available-buy').innerText()).trim()))
      .toBe(available);
    // The current tab no longer lists it.
    await orders.getByRole('tab', { name: 'Current orders' }).click();
    await expect(orders.getByRole('row').filter({ hasText: price })).toHaveCount(0);

    // Market mode: the confirmation names the current market price and shows it (what is sent) and the
    // estimated total. Cancelled: nothing is placed.
    const last = (await a.getByTestId('spot-last-price').innerText()).trim();
    await a.getByTestId('spot-panel').getByRole('tab', { name: 'Market price' }).click();
    await a.getByTestId('spot-amount-buy').fill('0.01');
    await a.getByTestId('spot-submit-buy').click();
    const dialog = a.getByRole('dialog');
    await expect(dialog).toContainText('Current market price');
    await expect(a.getByTestId('spot-confirm-price')).toHaveText(`${last} USDT`);
    await expect(a.getByTestId('spot-confirm-total')).toHaveText(/^≈ \d+\.\d{8} USDT$/);
    await expect(a.getByTestId('spot-confirm-note')).toContainText('5 %');
    // A market buy holds amount x best ask x 1.05 while it matches.
    await expect(a.getByTestId('spot-confirm-hold')).toHaveText(/^\d+\.\d{8} USDT$/);
    await expect(a.getByTestId('spot-confirm-far')).toHaveCount(0);
    await screenshot(a, 'spot-market-confirm-dark-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // A limit price far from the last price (here several times it) asks "are you sure" first.
    await a.getByTestId('spot-panel').getByRole('tab', { name: 'Fixed price' }).click();
    await a.getByTestId('spot-price-buy').fill(`1${last}`);
    await a.getByTestId('spot-amount-buy').fill('0.01');
    await a.getByTestId('spot-submit-buy').click();
    await expect(a.getByTestId('spot-confirm-far')).toContainText('above the last price');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await a.context().close();
  });
});
