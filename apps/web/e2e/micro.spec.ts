import type { APIRequestContext } from '@playwright/test';
import { MICRO_SECONDS_MIN } from '@oryx/contracts/micro/calls';
import { resources } from '@oryx/i18n';
import {
  expect,
  readStorage,
  screenshot,
  setLocale,
  setTheme,
  test,
  type Locale,
  type Theme,
} from './fixtures';
import { ADMIN_EMAIL, apiLogin, loginViaApi } from './helpers/auth';

const text = (locale: Locale) => resources[locale].micro;
/** A locale text with its {{placeholders}} filled. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
/** A short duration added through the operator's configuration, so the journey need not wait a minute. */
const SHORT_SECONDS = 8;
/**
 * The shortest duration allowed (MICRO_SECONDS_MIN), for the journeys that only wait for the settlement
 * (the renders' draws). Those that act while the order runs (move the book, read the countdown and the
 * card) keep SHORT_SECONDS: under a loaded machine they need those seconds.
 */
const SHORTEST_SECONDS = MICRO_SECONDS_MIN;
const TRADER = 'demo2@oryx.local';
interface Market {
  matchId: number;
  legalId: number;
  currencyId: number;
  /** The decimals of its prices. */
  decimals: number;
}
/** XRP/USDT: a market the other journeys leave alone, so this spec's own trades set its price. */
const XRP: Market = { matchId: 4, legalId: 1, currencyId: 5, decimals: 4 };

/**
 * DOGE/USDT: the pair of the journeys that settle as a draw. Every one of them trades it at DOGE_PRICE
 * only, so an order opened there closes at the price it opened at, whatever runs beside it.
 */
const DOGE: Market = { matchId: 5, legalId: 1, currencyId: 6, decimals: 5 };
const DOGE_PRICE = '0.32000';

/** A real spot trade at `price`: the seller rests a limit sell, demo1 takes it (the e2e server runs no bot). */
async function spotTrade(request: APIRequestContext, price: string, market = XRP): Promise<void> {
  const seller = (await apiLogin(request, 'seller@oryx.local')).token;
  const buyer = (await apiLogin(request, 'demo1@oryx.local')).token;
  const order = { match_id: market.matchId, target_price: price, amount: '10' };
  for (const [token, type] of [
    [seller, 2],
    [buyer, 1],
  ] as const) {
    const res = await request.post('/api/coin/trade', {
      headers: { authorization: token },
      data: { ...order, type },
    });
    expect((await res.json()).type).toBe('ok');
  }
}

/**
 * The seller rests a book 0.0010 either side of `mid` (1,900 coins a side), after cancelling its previous
 * one: seconds options open only on a book deep enough to make moving the mark costly
 * (docs/mark-price.md), and the server samples it every second.
 */
async function restBook(
  request: APIRequestContext,
  market: Market,
  mid: number,
  previous: number[],
): Promise<number[]> {
  await cancelBook(request, previous);
  const seller = (await apiLogin(request, 'seller@oryx.local')).token;
  const ids: number[] = [];
  for (const [type, price] of [
    [1, mid - 0.001],
    [2, mid + 0.001],
  ] as const) {
    const res = await request.post('/api/coin/trade', {
      headers: { authorization: seller },
      data: { match_id: market.matchId, type, target_price: price.toFixed(market.decimals), amount: '1900' },
    });
    const body = await res.json();
    expect(body.type).toBe('ok');
    ids.push(body.order.id);
  }
  return ids;
}

async function cancelBook(request: APIRequestContext, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const seller = (await apiLogin(request, 'seller@oryx.local')).token;
  for (const id of ids) {
    const res = await request.put('/api/coin/trade', { headers: { authorization: seller }, data: { id } });
    expect((await res.json()).type).toBe('ok');
  }
}

/**
 * The market's mark band 1 % over the impact of `impactQuote` USDT, and its limits at the whole cost of
 * moving the mark: this spec's thin book suffices.
 */
async function loosenLimits(request: APIRequestContext, market: Market, impactQuote: string): Promise<void> {
  const { token } = await apiLogin(request, ADMIN_EMAIL);
  const headers = { authorization: token };
  const mark = await request.post('/api/admin/mark/config', {
    headers,
    data: {
      market_id: market.matchId,
      window_ms: 15_000,
      sample_ms: 1_000,
      band_bps: 100,
      impact_quote: impactQuote,
      trade_weight_bps: 2_000,
      user_cap_bps: 2_500,
    },
  });
  expect((await mark.json()).type).toBe('ok');
  const limits = await request.post('/api/admin/micro/limits', {
    headers,
    data: { market_id: market.matchId, stake_cost_bps: 10_000, exposure_cost_bps: 10_000 },
  });
  expect((await limits.json()).type).toBe('ok');
}

/**
 * Waits until the sampler has recorded the rested books: demo1 opens a small order on each market (the
 * server refuses it while no snapshot is in the mark's window), retried every second for a bounded time.
 * Down on XRP and up on DOGE at the book's own price: no journey's notice filter picks them up wrongly
 * (the DOGE one is a 10 USDT draw, like the screenshot journeys' own).
 */
async function untilMarkReady(request: APIRequestContext): Promise<void> {
  const { token } = await apiLogin(request, 'demo1@oryx.local');
  for (const [market, type] of [
    [XRP, 2],
    [DOGE, 1],
  ] as const) {
    await expect
      .poll(
        async () => {
          const res = await request.post('/api/microtrade/submit', {
            headers: { authorization: token },
            data: {
              match_id: market.matchId,
              currency_id: market.legalId, // USDT pays
              type,
              seconds: SHORT_SECONDS,
              number: 10,
            },
          });
          const body = (await res.json()) as { type: string; code?: string; message?: unknown };
          return body.type === 'ok' ? 'ok' : JSON.stringify(body);
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe('ok');
  }
}

async function addShortDurations(request: APIRequestContext): Promise<void> {
  const { token } = await apiLogin(request, ADMIN_EMAIL);
  for (const seconds of [SHORT_SECONDS, SHORTEST_SECONDS]) {
    const res = await request.post('/api/admin/micro/seconds', {
      headers: { authorization: token },
      data: { seconds, profit_ratio: '10', min_number: 10, is_enabled: 1, sort: 0 },
    });
    expect((await res.json()).type).toBe('ok');
  }
}

async function microBalance(request: APIRequestContext, token: string): Promise<bigint> {
  const res = await request.get('/api/microtrade/payable_currencies', { headers: { authorization: token } });
  const body = (await res.json()) as { message: { name: string; user_wallet: { micro_balance: string } }[] };
  const usdt = body.message.find((c) => c.name === 'USDT')!;
  return toMinor(usdt.user_wallet.micro_balance);
}

const toMinor = (s: string): bigint => {
  const [i, f = ''] = s.replace('-', '').split('.');
  const v = BigInt(i!) * 100_000_000n + BigInt((f + '00000000').slice(0, 8));
  return s.startsWith('-') ? -v : v;
};

/** The seller's resting orders on XRP and DOGE, cancelled after the file's journeys. */
const books = { xrp: [] as number[], doge: [] as number[] };

test.describe('seconds options', () => {
  // Once per worker: the short durations, XRP's and DOGE's books resting (the e2e server runs no market
  // maker) with loosened limits, one trade at each book's middle, and a sampled mark on both.
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(60_000);
    const request = await playwright.request.newContext({ baseURL: process.env.ORYX_E2E_URL });
    try {
      await addShortDurations(request);
      await loosenLimits(request, XRP, '2000');
      // 1,900 DOGE a side is some 600 USDT: its impact is read at 500 USDT.
      await loosenLimits(request, DOGE, '500');
      books.xrp = await restBook(request, XRP, 2.3, books.xrp);
      books.doge = await restBook(request, DOGE, Number(DOGE_PRICE), books.doge);
      await spotTrade(request, '2.3000');
      await spotTrade(request, DOGE_PRICE, DOGE);
      await untilMarkReady(request);
    } finally {
      await request.dispose();
    }
  });

  // Other files share the server: XRP and DOGE are left without this spec's resting orders.
  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: process.env.ORYX_E2E_URL });
    try {
      await cancelBook(request, books.xrp);
      await cancelBook(request, books.doge);
      books.xrp = [];
      books.doge = [];
    } finally {
      await request.dispose();
    }
  });

  test('an up order counts down, closes with the right profit and moves the balance', async ({ page }) => {
    test.setTimeout(90_000);
    const { token } = await apiLogin(page.request, TRADER);
    const before = await microBalance(page.request, token);
    await loginViaApi(page, TRADER);
    await page.goto(`/#/secondsOrder?legalId=${XRP.legalId}&currencyId=${XRP.currencyId}`);
    const t = text('en');
    const panel = page.getByTestId('micro-panel');
    await expect(page.getByTestId('micro-summary')).toContainText('XRP/USDT');

    // Empty quantity: the form's own message, nothing sent.
    await panel.locator('button[data-seconds="8"]').click();
    await page.getByTestId('micro-up').click();
    await expect(panel).toContainText(t.miscro.openNum);

    // A decimal stays as typed with the whole-number message and is never sent (10.5 must not stake 105).
    const quantity = panel.locator('input[name="number"]');
    await quantity.fill('');
    await quantity.pressSequentially('10.5');
    await expect(quantity).toHaveValue('10.5');
    await expect(panel).toContainText(resources.en.errors.MICRO_NUMBER_INVALID);
    await expect(page.getByTestId('micro-expected')).toHaveCount(0);
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/microtrade/submit')) sent += 1;
    });
    await page.getByTestId('micro-up').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: resources.en.errors.MICRO_NUMBER_INVALID }),
    ).toBeVisible();
    expect(sent).toBe(0);
    await screenshot(page, 'micro-en-dark-decimal');
    await panel.getByRole('button', { name: '100', exact: true }).click();
    await expect(panel.locator('input[name="number"]')).toHaveValue('100');

    // The order is confirmed first: direction, stake, duration, payout rate and fee, as they will be sent.
    await page.getByTestId('micro-up').click();
    const confirmDialog = page.getByRole('dialog', { name: fill(t.confirm.title, { pair: 'XRP/USDT' }) });
    await expect(confirmDialog.getByTestId('micro-confirm-direction')).toHaveText(t.orders.up);
    await expect(confirmDialog.getByTestId('micro-confirm-stake')).toHaveText('100 USDT');
    await expect(confirmDialog).toContainText(fill(t.panel.seconds, { seconds: SHORT_SECONDS }));
    await expect(confirmDialog).toContainText('10 %');
    await expect(confirmDialog.getByTestId('micro-confirm-fee')).toHaveText('1 USDT (1 %)');
    await expect(confirmDialog.getByTestId('micro-confirm-total')).toHaveText('101 USDT');
    expect(sent).toBe(0);
    const submitted = page.waitForResponse((r) => r.url().includes('/api/microtrade/submit'));
    // Two quick clicks on the dialog's button: the guard lets one submission through.
    await confirmDialog.getByRole('button', { name: t.panel.up }).dblclick();
    expect((await (await submitted).json()).type).toBe('ok');
    await expect(confirmDialog).toHaveCount(0);

    const openTable = page.getByRole('table', { name: t.orders.open });
    await expect(openTable.locator('tbody tr')).toHaveCount(1);
    const row = openTable.locator('tbody tr').first();
    await expect(row).toContainText('XRP/USDT');
    await expect(row).toContainText(t.orders.up);
    await expect(row).toContainText('2.3000');
    // Balance refreshed after the submission: stake and fee (1 %) have left it. Read while the order
    // runs, before the book moves: after the settlement it would hold the payout too.
    await expect
      .poll(async () => toMinor(await page.getByTestId('micro-balance').innerText()))
      .toBe(before - 101n * 100_000_000n);
    // The price rises before the expiry (the book moves up, a trade prints there): the running result
    // turns right, and the order will win on the mark.
    books.xrp = await restBook(page.request, XRP, 2.31, books.xrp);
    await spotTrade(page.request, '2.3100');
    await expect(row.locator('td').nth(7)).toHaveText('+10');
    // The countdown runs (one decimal of a second).
    const first = await row.locator('td').nth(6).innerText();
    await expect.poll(async () => row.locator('td').nth(6).innerText()).not.toBe(first);
    await screenshot(page, 'micro-en-dark-open');

    // It vanishes at zero / on the close push, and appears in the closed tab with its result.
    await expect(openTable.locator('tbody tr').filter({ hasText: 'XRP/USDT' })).toHaveCount(0, {
      timeout: 20_000,
    });
    // The result is announced without opening the closed tab.
    const notice = page.getByTestId('micro-settled').filter({ hasText: 'XRP/USDT' });
    await expect(notice).toHaveAttribute('data-outcome', 'win');
    await expect(notice.getByTestId('micro-settled-result')).toHaveText(
      fill(t.notice.win, { amount: '+10', currency: 'USDT' }),
    );
    expect(sent).toBe(1);

    // The server's proof decides what "right" is; the notice, the page and the balance must agree with it.
    const lists = await page.request.get('/api/microtrade/lists', {
      headers: { authorization: token },
      params: { status: 3, page: 1 },
    });
    const order = (await lists.json()).message.data[0];
    expect(order).toMatchObject({ symbol_name: 'XRP/USDT', type: 1, number: '100' });
    const proofUrl = `/api/microtrade/proof?id=${order.id}`;
    const proof = (await (await page.request.get(proofUrl, { headers: { authorization: token } })).json())
      .message;
    // Without the owner's session only the price evidence is shown.
    const publicProof = (await (await page.request.get(proofUrl)).json()).message;
    expect(publicProof).toMatchObject({ end_price: proof.end_price, result: null, fact_profits: null });
    const open = toMinor(proof.open_price);
    const end = toMinor(proof.end_price);
    const expected = end > open ? 'win' : end < open ? 'loss' : 'draw';
    expect(proof.result).toBe(expected);
    // The end mark averages the window's book (2.3000 before the move, 2.3100 after): above the open.
    expect(proof).toMatchObject({ open_price: '2.3000', result: 'win' });
    expect(order).toMatchObject({ open_price: proof.open_price, end_price: proof.end_price });
    expect(end).toBeGreaterThan(open);
    expect(end).toBeLessThanOrEqual(toMinor('2.3100'));
    expect(proof.end_mark.method).toBe('book');
    await expect(notice).toContainText(
      fill(t.notice.prices, { open: proof.open_price, end: proof.end_price }),
    );
    await page.getByRole('tab', { name: t.orders.closed }).click();
    const closedTable = page.getByRole('table', { name: t.orders.closed });
    await expect(closedTable.locator('tbody tr').first()).toContainText('XRP/USDT', { timeout: 15_000 });
    await expect(closedTable.locator('tbody tr').first()).toContainText(proof.end_price);
    const profit = expected === 'win' ? 10n * 100_000_000n : expected === 'loss' ? -100n * 100_000_000n : 0n;
    expect(toMinor(proof.fact_profits)).toBe(profit);
    const shown = closedTable.locator('tbody tr').first().getByTestId('micro-profit');
    await expect(shown).toHaveText(expected === 'win' ? '+10' : expected === 'loss' ? '-100' : '0');
    await expect
      .poll(async () => toMinor(await page.getByTestId('micro-balance').innerText()), { timeout: 15_000 })
      .toBe(before - 100_000_000n + profit);
    await screenshot(page, 'micro-en-dark-closed');

    // The proof opens in a dialog in the page's language, not as raw JSON.
    await closedTable.locator('tbody tr').first().getByRole('button', { name: t.orders.proof }).click();
    const dialog = page.getByRole('dialog', { name: t.proof.title });
    await expect(dialog).toContainText('2.3000');
    await expect(dialog).toContainText(proof.end_price);
    await expect(dialog).toContainText(`#${proof.open_trade_id}`);
    await expect(dialog).toContainText(`#${proof.end_trade_id}`);
    await expect(dialog).toContainText(t.orders.win);
    await expect(dialog).toContainText(t.panel.rule);
    await screenshot(page, 'micro-en-dark-proof');
    // The full proof has its own address, readable by anyone with the link: marks, not trades, with the
    // snapshots that decided them.
    await dialog.getByTestId('micro-proof-link').click();
    await expect(page).toHaveURL(new RegExp(`#/micro/proof/${order.id}$`));
    const proofPage = page.getByTestId('micro-proof-page');
    await expect(proofPage.getByTestId('micro-proof-note')).toHaveText(t.proofPage.markNote);
    await expect(proofPage.getByTestId('proof-end-mark-snapshots')).toBeVisible();
    await expect(proofPage.getByTestId('micro-proof-end')).toHaveText(proof.end_price);
    await screenshot(page, 'micro-en-dark-proof-page');
  });

  test('on a phone: "don\'t ask again" is kept, the card shows countdown and a draw, the draw is announced', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginViaApi(page, 'demo1@oryx.local');
    await page.goto(`/#/secondsOrder?legalId=${DOGE.legalId}&currencyId=${DOGE.currencyId}`);
    const t = text('en');
    const panel = page.getByTestId('micro-panel');
    await expect(page.getByTestId('micro-summary')).toContainText('DOGE/USDT');
    await panel.locator(`button[data-seconds="${SHORT_SECONDS}"]`).click();
    await panel.locator('input[name="number"]').fill('20');
    await expect(page.getByTestId('micro-confirm-toggle')).toBeChecked();

    await page.getByTestId('micro-down').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('micro-confirm-direction')).toHaveText(t.orders.down);
    await expect(dialog.getByTestId('micro-confirm-stake')).toHaveText('20 USDT');
    // Cancel sends nothing; the second time "don't ask again" is ticked and the order is placed.
    await dialog.getByRole('button', { name: resources.en.common.actions.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByTestId('micro-down').click();
    await dialog.getByTestId('micro-confirm-skip').check();
    const submitted = page.waitForResponse((r) => r.url().includes('/api/microtrade/submit'));
    await dialog.getByRole('button', { name: t.panel.down }).click();
    expect((await (await submitted).json()).type).toBe('ok');
    expect(await readStorage(page)).toMatchObject({ micro_confirm: '0' });
    await expect(page.getByTestId('micro-confirm-toggle')).not.toBeChecked();

    // The open order is a card: countdown and running result (equal prices: a draw, 0) in view, and the
    // page does not scroll sideways.
    const card = page.getByTestId('micro-open-card').filter({ hasText: 'DOGE/USDT' }).first();
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('micro-countdown')).toBeInViewport({ ratio: 1 });
    await expect(card.getByTestId('micro-running')).toBeInViewport({ ratio: 1 });
    await expect(card.getByTestId('micro-running')).toHaveAttribute('data-outcome', 'draw');
    await expect(card.getByTestId('micro-running')).toHaveText('0');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await screenshot(page, 'micro-en-dark-phone-running');

    // The next order goes without a dialog; turning the box on again asks again.
    const second = page.waitForResponse((r) => r.url().includes('/api/microtrade/submit'));
    await page.getByTestId('micro-up').click();
    expect((await (await second).json()).type).toBe('ok');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByTestId('micro-confirm-toggle').check();
    expect(await readStorage(page)).toMatchObject({ micro_confirm: '1' });

    // Settled at the same price: the draw is announced with the stake returned.
    const downNotices = page
      .getByTestId('micro-settled')
      .filter({ hasText: 'DOGE/USDT' })
      .filter({ hasText: t.orders.down });
    const notice = downNotices.first();
    await expect(notice).toHaveAttribute('data-outcome', 'draw', { timeout: 20_000 });
    await expect(notice.getByTestId('micro-settled-result')).toHaveText(
      fill(t.notice.draw, { amount: '20', currency: 'USDT' }),
    );
    await expect(notice).toBeInViewport({ ratio: 1 });
    await notice.getByRole('button', { name: resources.en.common.actions.close }).click();
    await expect(downNotices).toHaveCount(0);
  });

  test('the chosen pair is kept in local storage and reopens without the query', async ({ page }) => {
    await page.goto('/#/secondsOrder');
    await expect(page.getByTestId('micro-summary')).toContainText('BTC/USDT'); // the first micro pair
    await page
      .getByRole('tablist', { name: text('en').pairs })
      .getByRole('tab', { name: /LTC\/USDT/ })
      .click();
    await expect(page.getByTestId('micro-summary')).toContainText('LTC/USDT');
    expect(await readStorage(page)).toMatchObject({
      legal_id: '1',
      currency_id: expect.any(String),
      legal_name: 'USDT',
      currency_name: 'LTC',
    });
    await page.goto('/#/secondsOrder');
    await page.reload();
    await expect(page).not.toHaveURL(/currencyId/);
    await expect(page.getByTestId('micro-summary')).toContainText('LTC/USDT');
    // A pair in the query still wins over the stored one.
    await page.goto('/#/secondsOrder?legalId=1&currencyId=3');
    await expect(page.getByTestId('micro-summary')).toContainText('ETH/USDT');
  });

  for (const locale of ['en', 'zh'] as const) {
    for (const theme of ['dark', 'white'] as const satisfies Theme[]) {
      test(`renders in ${locale}, ${theme} theme`, async ({ page }) => {
        await setLocale(page, locale);
        await setTheme(page, theme);
        const t = text(locale);
        // Visitors: the form asks to log in.
        await page.goto('/#/secondsOrder');
        // A ceiling, not a wait: on a loaded machine the page's code can take more than 10 s to arrive
        // (the home page stays on screen under the progress bar meanwhile).
        await expect(page.getByRole('tablist', { name: t.pairs })).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('micro-page')).toContainText(t.panel.loginPrompt);
        await screenshot(page, `micro-${locale}-${theme}-visitor`);
        await loginViaApi(page, 'demo1@oryx.local');
        await page.goto('/#/secondsOrder?legalId=1&currencyId=3');
        await expect(page.getByTestId('micro-summary')).toContainText('ETH/USDT');
        await expect(page.getByTestId('micro-panel')).toContainText(
          t.panel.seconds.replace('{{seconds}}', '60'),
        );
        await expect(page.getByTestId('micro-up')).toHaveText(t.panel.up);
        await expect(page.getByTestId('candle-chart')).toBeVisible();
        await screenshot(page, `micro-${locale}-${theme}`);
        // Phone width: the panel drops under the chart, the order table scrolls sideways.
        await page.setViewportSize({ width: 390, height: 844 });
        await expect(page.getByTestId('micro-up')).toBeVisible();
        // The chart's interval buttons all stay visible inside the card (no hidden sideways scroll).
        const intervals = page.getByRole('tablist', { name: t.chart.intervals });
        await expect(intervals.getByRole('tab', { name: '1M', exact: true })).toBeInViewport({ ratio: 1 });
        expect(await intervals.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await screenshot(page, `micro-${locale}-${theme}-phone`);

        // The confirmation and the settlement notice, on a wide screen and on a phone.
        test.setTimeout(90_000);
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto(`/#/secondsOrder?legalId=${DOGE.legalId}&currencyId=${DOGE.currencyId}`);
        const panel = page.getByTestId('micro-panel');
        await panel.locator(`button[data-seconds="${SHORTEST_SECONDS}"]`).click();
        await panel.locator('input[name="number"]').fill('10');
        await page.getByTestId('micro-up').click();
        const dialog = page.getByRole('dialog', { name: fill(t.confirm.title, { pair: 'DOGE/USDT' }) });
        await expect(dialog.getByTestId('micro-confirm-stake')).toHaveText('10 USDT');
        await expect(dialog).toContainText(t.confirm.payout);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `micro-${locale}-${theme}-confirm`);
        await page.setViewportSize({ width: 390, height: 844 });
        await expect(dialog).toBeInViewport({ ratio: 1 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `micro-${locale}-${theme}-phone-confirm`);
        const submitted = page.waitForResponse((r) => r.url().includes('/api/microtrade/submit'));
        await dialog.getByRole('button', { name: t.panel.up }).click();
        expect((await (await submitted).json()).type).toBe('ok');
        // (Another journey's demo1 order may be announced too: this one is up, 10 USDT.)
        const notice = page
          .getByTestId('micro-settled')
          .filter({ hasText: 'DOGE/USDT' })
          .filter({ hasText: t.orders.up })
          .first();
        await expect(notice).toHaveAttribute('data-outcome', 'draw', { timeout: 20_000 });
        await expect(notice.getByTestId('micro-settled-result')).toHaveText(
          fill(t.notice.draw, { amount: '10', currency: 'USDT' }),
        );
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `micro-${locale}-${theme}-phone-settled`);
        await page.setViewportSize({ width: 1440, height: 900 });
        await expect(notice).toBeInViewport({ ratio: 1 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `micro-${locale}-${theme}-settled`);
      });
    }
  }
});
