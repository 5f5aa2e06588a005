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

async function openAs(
  browser: Browser,
  email: string,
  locale: Locale,
  theme: Theme,
  viewport = { width: 1440, height: 1000 },
): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
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
    // Two browsers, each page loaded twice with its locale and theme: some 90 s on a loaded machine.
    // A ceiling, not a wait.
    test.setTimeout(150_000);
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
    await expect(a.getByTestId('spot-confirm-price')).toHaveText('3,333.33 USDT');
    await confirmDialog(a);
    const ordersA = a.getByTestId('spot-orders');
    await expect(ordersA.getByRole('row').filter({ hasText: '0.2500' })).toHaveCount(1);

    // B sees the bid arrive in its book without reloading.
    const bidB = b.getByTestId('book-bid').filter({ hasText: '3,333.33' });
    await expect(bidB).toContainText('0.2500');
    await expect(b.getByTestId('spot-trades')).not.toContainText('3,333.33');
    // No trade yet on this market: the chart and the trade list say so (both 'No trades yet' in English).
    await expect(a.getByText('No trades yet').first()).toBeVisible();
    await screenshot(b, 'spot-deal-center-white-zh-before');

    // B sells 0.1 ETH at that price (the Chinese confirmation shows the price too).
    await b.getByTestId('spot-price-sell').fill('3333.33');
    await b.getByTestId('spot-amount-sell').fill('0.1');
    await b.getByTestId('spot-submit-sell').click();
    await expect(b.getByTestId('spot-confirm-price')).toHaveText('3,333.33 USDT');
    await confirmDialog(b);

    // Both screens: the trade in the latest trades, the bid down to 0.15, the last price, a candle.
    for (const page of [a, b]) {
      // Trade and book prices carry the market's tick decimals (ETH/USDT: 2), as the last price does.
      await expect(page.getByTestId('recent-trade').first()).toContainText('3,333.33');
      await expect(page.getByTestId('recent-trade').first().locator('span').nth(1)).toHaveText('3,333.33');
      await expect(page.getByTestId('recent-trade').first()).toContainText('0.1000');
      await expect(page.getByTestId('book-bid').filter({ hasText: '3,333.33' })).toContainText('0.1500');
      await expect(page.getByTestId('spot-last-price')).toHaveText('3,333.33');
    }
    // The chart got its first candle from the `kline` push: its no-data note is gone (so is the list's).
    await expect(a.getByText('No trades yet')).toHaveCount(0);
    // A's open order shows the partial fill (pushed to A's room), B's filled order is in its history.
    await expect(ordersA.getByRole('row').filter({ hasText: '0.2500' })).toContainText('0.1000');
    await b.getByTestId('spot-orders').getByRole('tab').nth(1).click();
    await expect(b.getByTestId('spot-orders').getByRole('row').filter({ hasText: '3,333.33' })).toContainText(
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
    await expect(b.getByTestId('book-bid').filter({ hasText: '3,333.33' })).toHaveCount(0);
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
    const row = list.getByRole('row').filter({ hasText: '9,999.99' });
    await expect(row).toContainText('0.0100');
    await screenshot(page, 'spot-entrust-white-en');
    await row.getByTestId('entrust-revoke').click();
    await confirmDialog(page);
    await expect(row).toHaveCount(0);
    // The completed tab lists the journey's trade(s) and ends with "no more data".
    await list.getByRole('tab').nth(2).click();
    await expect(list.getByRole('row').filter({ hasText: '3,333.33' }).first()).toBeVisible();
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
    // The deal centre stays on screen until the market page's code has loaded, and its market list has
    // an ALTS tab too: click the one in the market table's own tab bar.
    await page.goto('/#/allmarket');
    await page.getByRole('tablist', { name: 'Quote currency' }).getByRole('tab', { name: 'ALTS' }).click();
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

/** Whether the element lies wholly inside the viewport as it is now (nothing scrolled). */
async function inView(page: Page, testId: string, nth = 0): Promise<boolean> {
  const box = await page.getByTestId(testId).nth(nth).boundingBox();
  const size = page.viewportSize()!;
  return (
    box !== null &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= size.width &&
    box.y + box.height <= size.height
  );
}

/** A resting sell of A's far above the market, shown among A's current orders; its price as shown. */
async function restingSell(request: APIRequestContext): Promise<string> {
  const price = (9000 + Math.floor(Math.random() * 90_000) / 100).toFixed(2);
  const { token } = await apiLogin(request, A);
  const placed = await request.post('/api/coin/trade', {
    headers: { authorization: token },
    data: { legal_id: USDT, currency_id: ETH, type: 2, target_price: price, amount: '0.01' },
  });
  expect((await placed.json()).type).toBe('ok');
  // As the page shows it: thousands grouped ('9600.44' -> '9,600.44').
  return price.replace(/\B(?=(\d{3})+\.)/g, ',');
}

async function revokeIn(page: Page, price: string): Promise<void> {
  const orders = page.getByTestId('spot-orders');
  const row = orders.locator('tbody tr').filter({ hasText: price });
  await row.getByTestId('spot-revoke').click();
  await confirmDialog(page);
  await expect(row).toHaveCount(0);
}

test.describe('the deal centre on one screen and on a phone', () => {
  test('at 1440×900 chart, book, form with its buy button and the open orders are in view without scrolling', async ({
    browser,
    request,
  }) => {
    const price = await restingSell(request);
    const page = await openAs(browser, A, 'en', 'dark', { width: 1440, height: 900 });
    const mine = page.getByTestId('spot-orders').locator('tbody tr').filter({ hasText: price });
    await expect(mine).toBeVisible();
    await expect(page.getByTestId('spot-book')).toContainText(price);
    for (const [locale, theme] of [
      ['en', 'dark'],
      ['en', 'white'],
      ['zh', 'dark'],
      ['zh', 'white'],
    ] as const) {
      if (theme !== 'dark' || locale !== 'en') {
        await page.evaluate(
          ([l, t]) => {
            window.localStorage.setItem('locale', l);
            window.localStorage.setItem('theme', t);
          },
          [locale, theme] as const,
        );
        await page.reload();
        await expect(mine).toBeVisible();
      }
      await expect(page.getByTestId('spot-submit-buy')).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const id of ['spot-ticker', 'spot-book', 'spot-submit-buy', 'spot-submit-sell', 'spot-orders']) {
        expect(await inView(page, id), `${id} in view (${locale}, ${theme})`).toBe(true);
      }
      const chart = page.locator('canvas').first();
      const chartBox = (await chart.boundingBox())!;
      expect(chartBox.y + chartBox.height).toBeLessThanOrEqual(900);
      const revoke = (await mine.getByTestId('spot-revoke').boundingBox())!;
      expect(revoke.y + revoke.height).toBeLessThanOrEqual(900);
      await screenshot(page, `spot-one-screen-1440x900-${theme}-${locale}`, { fullPage: false });
    }
    await revokeIn(page, price);
    await page.context().close();
  });

  test('on a phone: the market picker, chart and book as tabs, sticky buy and sell, order cards with Revoke, no sideways scroll', async ({
    browser,
    request,
  }) => {
    const price = await restingSell(request);
    const page = await openAs(browser, A, 'en', 'dark', { width: 390, height: 844 });
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noSidewaysScroll();

    // The market list is behind a button.
    const markets = page.getByTestId('spot-markets');
    await expect(markets).toBeHidden();
    await page.getByTestId('spot-market-picker').click();
    await expect(markets).toBeVisible();
    await screenshot(page, 'spot-phone-markets-dark-en');
    await markets.getByTestId('spot-market-LTC').click();
    await expect(markets).toBeHidden();
    await expect(page.getByTestId('spot-ticker')).toContainText('LTC/USDT');
    await page.goto(DEAL);
    await expect(page.getByTestId('spot-ticker')).toContainText('ETH/USDT');

    // Chart, book and latest trades are tabs.
    const view = page.getByRole('tablist', { name: 'Market view' });
    await expect(page.locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('spot-book')).toBeHidden();
    await view.getByRole('tab', { name: 'Order book' }).click();
    await expect(page.getByTestId('spot-book')).toContainText(price);
    await expect(page.locator('canvas').first()).toBeHidden();
    await view.getByRole('tab', { name: 'Latest trades' }).click();
    await expect(page.getByTestId('spot-trades')).toBeVisible();
    await expect(page.getByTestId('spot-book')).toBeHidden();
    await view.getByRole('tab', { name: 'Chart' }).click();

    // Sticky buy and sell buttons at the bottom bring the form of that side.
    expect(await inView(page, 'spot-sticky-buy')).toBe(true);
    expect(await inView(page, 'spot-sticky-sell')).toBe(true);
    await screenshot(page, 'spot-phone-dark-en');
    await page.getByTestId('spot-sticky-sell').click();
    await expect(page.getByTestId('spot-form-sell')).toBeInViewport();
    await expect(page.getByTestId('spot-form-buy')).toBeHidden();
    await page.getByTestId('spot-sticky-buy').click();
    await expect(page.getByTestId('spot-form-buy')).toBeInViewport();
    await expect(page.getByTestId('spot-form-sell')).toBeHidden();

    // Open orders are cards: Revoke is on screen without scrolling sideways.
    const card = page.getByTestId('spot-orders').locator('tbody tr').filter({ hasText: price });
    const revoke = card.getByTestId('spot-revoke');
    await revoke.scrollIntoViewIfNeeded();
    const box = (await revoke.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await noSidewaysScroll();
    await screenshot(page, 'spot-phone-orders-dark-en');

    for (const [locale, theme] of [
      ['en', 'white'],
      ['zh', 'dark'],
      ['zh', 'white'],
    ] as const) {
      await page.evaluate(
        ([l, t]) => {
          window.localStorage.setItem('locale', l);
          window.localStorage.setItem('theme', t);
        },
        [locale, theme] as const,
      );
      await page.reload();
      await expect(card).toBeVisible();
      await noSidewaysScroll();
      await screenshot(page, `spot-phone-${theme}-${locale}`);
    }
    await revokeIn(page, price);
    await noSidewaysScroll();
    await page.context().close();
  });

  test('when the socket drops the deal centre and the seconds page say Reconnecting and mark prices not live', async ({
    page,
    context,
  }) => {
    // The socket goes through this route, so the test can close the open connection; the browser is
    // then offline, so every reconnect attempt fails at once, as when the server cannot be reached.
    const open = new Set<{ close: () => Promise<void> }>();
    await page.routeWebSocket(/\/wss\//, (ws) => {
      ws.connectToServer();
      open.add(ws);
    });
    // Both pages' code is loaded first: an offline hash change needs no request.
    await page.goto('/#/secondsOrder');
    await expect(page.getByTestId('micro-page')).toHaveAttribute('data-live', 'true');
    await page.goto(DEAL);
    const root = page.getByTestId('deal-center');
    const badge = page.getByTestId('live-badge');
    await expect(badge).toHaveAttribute('data-live', 'true');
    await expect(page.getByTestId('live-notice')).toHaveCount(0);

    await context.setOffline(true);
    for (const ws of open) await ws.close();
    open.clear();
    await expect(page.getByTestId('live-notice')).toContainText('Reconnecting');
    await expect(badge).toHaveAttribute('data-live', 'false');
    await expect(badge).toHaveText('Not live');
    await expect(root).toHaveAttribute('data-live', 'false');
    await screenshot(page, 'spot-reconnecting-dark-en');

    await page.goto('/#/secondsOrder');
    await expect(page.getByTestId('micro-page')).toHaveAttribute('data-live', 'false');
    await expect(page.getByTestId('live-notice')).toContainText('Reconnecting');
    await screenshot(page, 'micro-reconnecting-dark-en');

    // Back online: the socket reconnects, the notice goes and the prices are live again.
    await context.setOffline(false);
    await expect(page.getByTestId('live-notice')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId('micro-page')).toHaveAttribute('data-live', 'true');
    await expect(badge).toHaveAttribute('data-live', 'true');
  });
});
