import type { Page } from '@playwright/test';
import { resources } from '@oryx/i18n';
import { expect, screenshot, setLocale, setTheme, test, type Locale } from './fixtures';
import { loginViaApi } from './helpers/auth';

/**
 * Assets: a user moves ETH from the spot account to the seconds account and back, sees both balances on
 * the transfer form, the toast, the redirect to /finance, and the account log and transfer records
 * follow. Amounts are compared as deltas of what the page showed first, because other journeys may move
 * the same demo user's other coins in parallel.
 */
const wallet = (l: Locale) => resources[l].wallet;
const ETH = 3;
const SCALE = 10n ** 8n;

/** "Available 10.00000000 ETH" -> minor units. */
function minorOf(text: string): bigint {
  const m = /(\d+)\.(\d{8})/.exec(text.replace(/,/g, ''));
  if (!m) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return BigInt(m[1]!) * SCALE + BigInt(m[2]!);
}

async function balances(page: Page): Promise<{ from: bigint; to: bigint }> {
  await expect(page.getByTestId('from-balance')).toContainText(/\d+\.\d{8}/);
  return {
    from: minorOf(await page.getByTestId('from-balance').innerText()),
    to: minorOf(await page.getByTestId('to-balance').innerText()),
  };
}

async function submitTransfer(page: Page, amount: string, locale: Locale): Promise<void> {
  await page.locator('input[name="number"]').fill(amount);
  await page.getByRole('button', { name: wallet(locale).transfer.submit }).click();
  await expect(page.getByTestId('toast').first()).toContainText(wallet(locale).transferDone);
  // On success, /finance after 1 s.
  await page.waitForURL(/#\/finance$/, { timeout: 5_000 });
}

test.describe('assets: transfers between accounts', () => {
  test('change -> micro and back: balances, toast, redirect, account log and transfer records', async ({
    page,
  }) => {
    await loginViaApi(page, 'demo2@oryx.local');
    const en = wallet('en');

    await page.goto(`/#/transferMicro?id=${ETH}`);
    await expect(page.locator('select[name="currency"]')).toHaveValue(String(ETH));
    await expect(page.locator('select[name="from_field"]')).toHaveValue('change');
    await expect(page.locator('select[name="to_field"]')).toHaveValue('micro');
    const start = await balances(page);

    // Client-side refusals first: nothing is sent.
    await page.getByRole('button', { name: en.transfer.submit }).click();
    await expect(page.getByText(en.transfer.required)).toBeVisible();
    await page.locator('input[name="number"]').fill('0.123456789');
    await page.getByRole('button', { name: en.transfer.submit }).click();
    await expect(page.getByText(en.transfer.tooManyDecimals.replace('{{decimals}}', '8'))).toBeVisible();

    await submitTransfer(page, '1.25', 'en');
    await expect(page.getByTestId('total-usdt')).toContainText(/\d/);

    // Back: the general transfer page, swapped to micro -> change.
    await page.goto(`/#/transfer?id=${ETH}`);
    await page.getByRole('button', { name: en.transfer.swap }).click();
    await expect(page.locator('select[name="from_field"]')).toHaveValue('micro');
    const middle = await balances(page);
    expect(middle).toEqual({
      from: start.to + (125n * SCALE) / 100n,
      to: start.from - (125n * SCALE) / 100n,
    });
    // "All" fills in the whole source balance.
    await page.getByRole('button', { name: en.transfer.all }).click();
    await expect(page.locator('input[name="number"]')).not.toHaveValue('');
    await submitTransfer(page, '0.25', 'en');

    // The seconds account's ETH page: available = start + 1.00, newest log lines first.
    await page.goto(`/#/microAccount?currency_id=${ETH}`);
    await expect(page.getByTestId('stat-available')).toHaveText(/\d/);
    expect(minorOf(await page.getByTestId('stat-available').innerText())).toBe(start.to + SCALE);
    const rows = page.getByRole('table', { name: en.account.log }).locator('tbody tr');
    await expect(rows.nth(0)).toContainText('-0.25000000');
    await expect(rows.nth(0)).toContainText('Transfer from Seconds account to Spot account');
    await expect(rows.nth(1)).toContainText('+1.25000000');
    await expect(rows.nth(1)).toContainText('Transfer from Spot account to Seconds account');
    await screenshot(page, 'wallet-micro-account-en-dark');

    // Transfer records: both transfers, newest first.
    await page.goto('/#/transferRecord');
    const records = page.getByRole('table', { name: en.log.transferTitle }).locator('tbody tr');
    await expect(records.nth(0)).toContainText('0.25000000');
    await expect(records.nth(0)).toContainText('ETH');
    await expect(records.nth(1)).toContainText('1.25000000');
  });

  test('refusals from the server are shown and move nothing', async ({ page }) => {
    await loginViaApi(page, 'demo2@oryx.local');
    await page.goto(`/#/transferLever?id=1`);
    const before = await balances(page);
    // More than the balance: the form stops it; the server would too.
    await page.locator('input[name="number"]').fill('99999999');
    await page.getByRole('button', { name: wallet('en').transfer.submit }).click();
    await expect(page.getByText(wallet('en').transfer.insufficient)).toBeVisible();
    expect(await balances(page)).toEqual(before);
  });
});

test.describe('assets: pages in two locales and both themes', () => {
  for (const locale of ['en', 'zh'] as const) {
    test(`asset pages render in ${locale}, dark and white`, async ({ page }) => {
      await loginViaApi(page, 'admin@oryx.local');
      await setLocale(page, locale);
      const w = wallet(locale);
      for (const theme of ['dark', 'white'] as const) {
        await setTheme(page, theme);
        await page.goto('/#/new_account');
        await page.waitForURL(/#\/finance$/);
        await expect(page.getByRole('heading', { name: w.overview.title })).toBeVisible();
        await expect(page.getByTestId('wallet-card-micro')).toContainText(/\d/);
        await screenshot(page, `wallet-finance-${locale}-${theme}`);

        await page.goto('/#/dealFinance');
        await expect(page.getByRole('heading', { name: w.walletName.change })).toBeVisible();
        await expect(page.getByRole('table').locator('tbody tr').first()).toContainText('USDT');
        await screenshot(page, `wallet-deal-finance-${locale}-${theme}`);

        await page.goto('/#/transfer');
        await expect(page.getByRole('heading', { name: w.transfer.title, exact: true })).toBeVisible();
        await expect(page.getByTestId('from-balance')).toContainText(/\d+\.\d{8}/);
        await screenshot(page, `wallet-transfer-${locale}-${theme}`);

        await page.goto('/#/accountCenter');
        await expect(page.getByRole('heading', { name: w.centre.title })).toBeVisible();
        await expect(page.getByTestId('total-assets')).toContainText(/\d/);
        await screenshot(page, `wallet-account-centre-${locale}-${theme}`);

        // Pages of 20: the balance log has more than 20 lines (the demo credits), then "no more".
        await page.goto('/#/balancelog');
        const table = page.getByRole('table', { name: w.log.title });
        await expect(table.locator('tbody tr')).toHaveCount(20);
        await page.getByRole('button', { name: resources[locale].common.actions.loadMore }).click();
        await expect(page.getByText(resources[locale].common.state.noMore)).toBeVisible();
        await screenshot(page, `wallet-balance-log-${locale}-${theme}`);

        // No transfers yet for this user: "no data".
        await page.goto('/#/transferRecord');
        await expect(page.getByTestId('table-empty')).toContainText(resources[locale].common.state.noData);
        await screenshot(page, `wallet-transfer-record-empty-${locale}-${theme}`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/#/transfer');
      await expect(page.getByTestId('from-balance')).toBeVisible();
      await screenshot(page, `wallet-transfer-${locale}-phone`);
    });
  }
});

test.describe('assets on a phone', () => {
  test('at 390 px the asset tables are cards: every column shown, nothing scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginViaApi(page, 'admin@oryx.local');
    const w = wallet('en');
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const theme of ['dark', 'white'] as const) {
      await setTheme(page, theme);
      await page.goto('/#/dealFinance');
      // The page before stays on screen until this one has loaded (the balance log after the first theme,
      // its rows in USDT too): measure this page's table, not that one's.
      await expect(page.getByRole('heading', { name: w.walletName.change })).toBeVisible();
      const first = page.getByRole('table').locator('tbody tr').first();
      await expect(first).toContainText('USDT');
      // Each cell is on screen with its column's title beside it, the row's actions included.
      for (const cell of await first.locator('td').all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await expect(first.getByRole('link', { name: w.actions.details })).toBeVisible();
      await fits();
      await screenshot(page, `wallet-deal-finance-phone-${theme}`);

      await page.goto('/#/finance');
      await expect(page.getByRole('heading', { name: w.overview.title })).toBeVisible();
      await expect(page.getByRole('table').locator('tbody tr').first()).toContainText(/\d/);
      await fits();
      await screenshot(page, `wallet-finance-phone-${theme}`);

      await page.goto('/#/balancelog');
      await expect(page.getByRole('table', { name: w.log.title }).locator('tbody tr')).toHaveCount(20);
      await fits();
      await screenshot(page, `wallet-balance-log-phone-${theme}`);
    }
  });
});
