import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, screenshot, setTheme, test } from './fixtures';
import { ADMIN_EMAIL, DEMO_PASSWORD, apiLogin, loginViaApi } from './helpers/auth';

const TRADER = 'demo1@oryx.local';
/** ETH/USDT: a lever market the other journeys leave alone, so this spec's own book makes its mark. */
const ETH = { matchId: 2, legalId: 1, currencyId: 3 };
const MID = 3000;

/**
 * The seller rests a book 1 USDT either side of `mid` (3 ETH a side): the e2e server runs no market maker,
 * and the mark (modules/mark) samples the book every second, so moving the book moves the mark.
 */
async function restBook(request: APIRequestContext, mid = MID): Promise<number[]> {
  const seller = (await apiLogin(request, 'seller@oryx.local')).token;
  const ids: number[] = [];
  for (const [type, price] of [
    [1, mid - 1],
    [2, mid + 1],
  ] as const) {
    const res = await request.post('/api/coin/trade', {
      headers: { authorization: seller },
      data: { match_id: ETH.matchId, type, target_price: price.toFixed(2), amount: '3' },
    });
    const body = await res.json();
    expect(body.type).toBe('ok');
    ids.push(body.order.id);
  }
  return ids;
}

async function cancelBook(request: APIRequestContext, ids: number[]): Promise<void> {
  const seller = (await apiLogin(request, 'seller@oryx.local')).token;
  for (const id of ids) {
    // Whatever of the book still rests goes (a filled order is refused): spot.spec.ts trades ETH next.
    await request.put('/api/coin/trade', { headers: { authorization: seller }, data: { id } });
  }
}

/**
 * ETH's mark at the book this spec rests: a band of 1 % and an impact size the 3 ETH a side covers, over
 * a window of 5 s (15 s seeded): a moved book moves the mark within seconds, so the journeys wait less
 * for it, and what they assert (where the mark goes, never how fast) is the same.
 */
const WINDOW_MS = 5_000;
async function loosenEthMark(request: APIRequestContext): Promise<void> {
  const { token } = await apiLogin(request, ADMIN_EMAIL);
  const res = await request.post('/api/admin/mark/config', {
    headers: { authorization: token },
    data: {
      market_id: ETH.matchId,
      window_ms: WINDOW_MS,
      sample_ms: 1_000,
      band_bps: 100,
      impact_quote: '2000',
      trade_weight_bps: 2_000,
      user_cap_bps: 2_500,
    },
  });
  expect((await res.json()).type).toBe('ok');
}

/** The trader's available lever USDT and the mark, as the deal page reads them. */
async function leverDeal(request: APIRequestContext, token: string) {
  const res = await request.post('/api/lever/deal', {
    headers: { authorization: token },
    data: { legal_id: ETH.legalId, currency_id: ETH.currencyId },
  });
  const body = (await res.json()) as { type: string; message: { user_lever: string; last_price: string } };
  expect(body.type).toBe('ok');
  return body.message;
}

/** The page shows `amount` (to its 4 decimals, whichever way it rounds the last one). */
async function expectAmount(locator: Locator, amount: string): Promise<void> {
  await expect
    .poll(async () =>
      Math.abs(Number((await locator.textContent())?.replace(/[^\d.]/g, '')) - Number(amount)),
    )
    .toBeLessThan(0.0001);
}

/** The trader's closed ETH orders, newest first (my_trade tab 3). */
async function closedOrders(request: APIRequestContext, token: string) {
  const res = await request.post('/api/lever/my_trade', {
    headers: { authorization: token },
    data: { status: 3, legal_id: ETH.legalId, currency_id: ETH.currencyId, page: 1 },
  });
  const body = (await res.json()) as {
    message: {
      message: {
        data: { id: number; close_reason: string; price: string; update_price: string; profits: string }[];
      };
    };
  };
  return body.message.message.data;
}

test.describe('leveraged contracts', () => {
  test('a market long shows live P/L, takes TP/SL and closes at its take-profit when the mark rises', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { token } = await apiLogin(page.request, TRADER);
    const moved = await page.request.post('/api/wallet/change', {
      headers: { authorization: token },
      data: { from_field: 'change', to_field: 'lever', currency_id: 1, number: '1000' },
    });
    expect((await moved.json()).type).toBe('ok');
    await loosenEthMark(page.request);
    const book = await restBook(page.request);
    try {
      // The mark settles at the book's middle once an earlier book has left its window.
      await expect
        .poll(async () => Number((await leverDeal(page.request, token)).last_price) || 0, { timeout: 30_000 })
        .toBe(MID);
      const before = (await leverDeal(page.request, token)).user_lever;
      const closedBefore = (await closedOrders(page.request, token)).map((o) => o.id);

      await loginViaApi(page, TRADER);
      await setTheme(page, 'dark');
      await page.goto(`/#/leverdealCenter?legalId=${ETH.legalId}&currencyId=${ETH.currencyId}`);
      const form = page.getByTestId('lever-form');
      await expect(page.getByTestId('lever-market')).toContainText('ETH/USDT');
      await expectAmount(form.getByTestId('lever-available'), before);

      // A market long of 1 lot (0.1 ETH) at 10x: margin about 30 USDT, fee about 0.3 USDT.
      await form.getByTestId('lever-multiple').selectOption('10');
      await form.getByTestId('lever-preset').filter({ hasText: /^1$/ }).click();
      await expect(form.getByTestId('lever-preview-margin')).toContainText('USDT');
      await expect(form.getByTestId('lever-preview-margin')).not.toContainText('--');
      await screenshot(page, 'lever-deal-dark');
      await form.getByTestId('lever-submit').click();
      await expect(page.getByTestId('lever-confirm')).toBeVisible();
      await page.getByTestId('lever-password').fill(DEMO_PASSWORD);
      await page.getByTestId('lever-password-ok').click();

      // The position list with its P/L.
      await page.waitForURL(/leverTransactions/);
      const positions = page.getByTestId('lever-positions');
      const row = positions.locator('tr', { has: page.getByTestId('lever-close') });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('ETH/USDT');
      await expect(row.getByTestId('lever-row-profits')).toHaveText(/^-?\d/);
      await expect(positions.getByTestId('lever-hazard')).toHaveText(/\d/);

      // TP above and SL below both the mark (3000) and the open price (3001.5, the spread added).
      await row.getByTestId('lever-stop').click();
      const dialog = page.getByTestId('lever-stop-dialog');
      await dialog.getByTestId('lever-stop-target').fill(String(MID + 20));
      await dialog.getByTestId('lever-stop-loss').fill(String(MID - 100));
      await page.getByTestId('lever-stop-save').click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(/3,?020/);
      await expect(row).toContainText(/2,?900/);
      await screenshot(page, 'lever-positions-dark');

      // The book moves up to 3010: the mark (an average of the book's middle) climbs above the open
      // price and the P/L on the page (refreshed every 3 s) turns positive, below the take-profit.
      await cancelBook(page.request, book.splice(0));
      book.push(...(await restBook(page.request, MID + 10)));
      await expect(row.getByTestId('lever-row-profits')).toHaveText(/^\+?[0-9.,]*[1-9]/, { timeout: 25_000 });
      await expect(row).toHaveCount(1);
      // Then up to 3040: at 3020 the take-profit closes the position and lever_closed removes the row.
      await cancelBook(page.request, book.splice(0));
      book.push(...(await restBook(page.request, MID + 40)));
      await expect(positions.getByTestId('lever-close')).toHaveCount(0, { timeout: 30_000 });

      const closed = (await closedOrders(page.request, token)).filter((o) => !closedBefore.includes(o.id));
      expect(closed.map((o) => o.close_reason)).toEqual(['take_profit']);
      // The balance: the one before, less the fee (0.3), plus the profit (at least 0.1 x 18.5).
      const after = (await leverDeal(page.request, token)).user_lever;
      expect(Number(after)).toBeGreaterThan(Number(before) + 1);
      expect(Number(after)).toBeLessThan(Number(before) + 5);

      // The closed tab of the order list says why it closed.
      await page.goto('/#/leverList');
      await page.getByRole('tab', { name: 'Closed' }).click();
      const closedRow = page.locator('tr', { hasText: `#${closed[0]!.id}` });
      await expect(closedRow.getByTestId('lever-row-status')).toHaveText('Closed · take-profit');
      await screenshot(page, 'lever-closed-dark');

      // The trader is told: the header bell counts it and lists the take-profit in their language.
      await expect(page.getByTestId('notification-badge')).toBeVisible({ timeout: 10_000 });
      await page.getByTestId('notification-bell').click();
      await expect(page.getByTestId('notification-list').first()).toContainText(
        `Take-profit closed position #${closed[0]!.id} (ETH/USDT)`,
      );
      await page.keyboard.press('Escape');

      await page.goto(`/#/leverdealCenter?legalId=${ETH.legalId}&currencyId=${ETH.currencyId}`);
      await expectAmount(page.getByTestId('lever-available'), after);

      // Closing only gives money back: no trade password is asked (the server checks none). A second
      // long, opened with the password, closes with one click from the position list.
      await form.getByTestId('lever-multiple').selectOption('10');
      await form.getByTestId('lever-preset').filter({ hasText: /^1$/ }).click();
      await form.getByTestId('lever-submit').click();
      await page.getByTestId('lever-password').fill(DEMO_PASSWORD);
      await page.getByTestId('lever-password-ok').click();
      await page.waitForURL(/leverTransactions/);
      const second = page.getByTestId('lever-positions').getByTestId('lever-close');
      await expect(second).toHaveCount(1);
      await second.click();
      await expect(page.getByTestId('lever-password-dialog')).toHaveCount(0);
      await expect(page.getByTestId('lever-positions').getByTestId('lever-close')).toHaveCount(0);
      const closedNow = (await closedOrders(page.request, token)).filter((o) => !closedBefore.includes(o.id));
      expect(closedNow.map((o) => o.close_reason).sort()).toEqual(['take_profit', 'user']);
    } finally {
      await cancelBook(page.request, book);
    }
  });

  test('a stop-loss closes a long when the mark falls through it, and the trader is told', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const trader = 'demo2@oryx.local';
    const stop = MID - 20;
    const { token } = await apiLogin(page.request, trader);
    const moved = await page.request.post('/api/wallet/change', {
      headers: { authorization: token },
      data: { from_field: 'change', to_field: 'lever', currency_id: 1, number: '500' },
    });
    expect((await moved.json()).type).toBe('ok');
    // Whatever the trader was told before is read, so the bell's badge below is for new notices.
    const read = await page.request.post('/api/user/notifications/read', {
      headers: { authorization: token },
      data: { all: 1 },
    });
    expect((await read.json()).type).toBe('ok');
    await loosenEthMark(page.request);
    const book = await restBook(page.request);
    try {
      await expect
        .poll(async () => Number((await leverDeal(page.request, token)).last_price) || 0, { timeout: 30_000 })
        .toBe(MID);
      const closedBefore = (await closedOrders(page.request, token)).map((o) => o.id);

      await loginViaApi(page, trader);
      await page.goto(`/#/leverdealCenter?legalId=${ETH.legalId}&currencyId=${ETH.currencyId}`);
      const form = page.getByTestId('lever-form');
      await expect(page.getByTestId('lever-market')).toContainText('ETH/USDT');
      await expect(page.getByTestId('notification-bell')).toBeVisible();
      await form.getByTestId('lever-multiple').selectOption('10');
      await form.getByTestId('lever-preset').filter({ hasText: /^1$/ }).click();
      await expect(form.getByTestId('lever-preview-margin')).not.toContainText('--');
      await form.getByTestId('lever-submit').click();
      await page.getByTestId('lever-password').fill(DEMO_PASSWORD);
      await page.getByTestId('lever-password-ok').click();

      await page.waitForURL(/leverTransactions/);
      const positions = page.getByTestId('lever-positions');
      const row = positions.locator('tr', { has: page.getByTestId('lever-close') });
      await expect(row).toHaveCount(1);
      // A stop-loss alone (no take-profit), below the mark (3000) and the open price (3001.5).
      await row.getByTestId('lever-stop').click();
      const dialog = page.getByTestId('lever-stop-dialog');
      await dialog.getByTestId('lever-stop-loss').fill(String(stop));
      await page.getByTestId('lever-stop-save').click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(/2,?980/);

      // The book moves down to 2975: the mark (an average of the book's middle) falls through 2980
      // and never below 2975.
      await cancelBook(page.request, book.splice(0));
      book.push(...(await restBook(page.request, stop - 5)));
      // The push tells the trader on whatever page: a toast, then lever_closed removes the row.
      const told = page
        .getByTestId('toast')
        .filter({ hasText: /Stop-loss closed position #\d+ \(ETH\/USDT\)/ });
      await expect(told).toBeVisible({ timeout: 30_000 });
      await expect(positions.getByTestId('lever-close')).toHaveCount(0);

      const closed = (await closedOrders(page.request, token)).filter((o) => !closedBefore.includes(o.id));
      expect(closed.map((o) => o.close_reason)).toEqual(['stop_loss']);
      const order = closed[0]!;
      await expect(told).toContainText(`#${order.id} (ETH/USDT)`);
      // Closed at the mark that reached the stop (stops are evaluated on the mark): at most the stop
      // price and no lower than the book's new middle; the loss is (close − open) × 0.1 ETH.
      const close = Number(order.update_price);
      expect(close).toBeLessThanOrEqual(stop);
      expect(close).toBeGreaterThanOrEqual(stop - 5);
      expect(Number(order.profits)).toBeCloseTo((close - Number(order.price)) * 0.1, 4);
      expect(Number(order.profits)).toBeLessThan(0);

      // The header bell counts it (other journeys may sign demo2 in meanwhile) and lists it with the P/L.
      await expect(page.getByTestId('notification-badge')).toBeVisible();
      await page.getByTestId('notification-bell').click();
      await expect(page.getByTestId('notification-list').first()).toContainText(
        `Stop-loss closed position #${order.id} (ETH/USDT): P/L -`,
      );
      await screenshot(page, 'lever-stop-loss-bell');
      await page.keyboard.press('Escape');
    } finally {
      await cancelBook(page.request, book);
    }
  });
});
