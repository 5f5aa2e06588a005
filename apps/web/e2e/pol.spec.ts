import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, apiLogin, registerViaApi, uniqueEmail } from './helpers/auth';
import { api, BTC, btcWallet, pageAs, type Trader } from './helpers/c2c-traders';

/**
 * Proof of liabilities: a fresh user with a balance of their own, a snapshot taken by the operator
 * through the console's API, then on /pol the user sees the snapshot, downloads their proof and checks it
 * in the browser against the published root. A proof changed on its way to the page (a balance raised
 * by one minor unit) fails that check: the page verifies against the root from the snapshot list, not
 * against what the proof file itself claims.
 */
const PASSWORD = 'secret-pol-1';
const AMOUNT = '0.25';

async function freshHolder(request: APIRequestContext): Promise<Trader> {
  const email = uniqueEmail('pol');
  await registerViaApi(request, email, PASSWORD);
  const who = { email, ...(await apiLogin(request, email, PASSWORD)) };
  const faucet = await api(request, who, 'POST', '/api/sandbox/faucet', { currency: BTC, amount: AMOUNT });
  expect(faucet.type).toBe('ok');
  await expect
    .poll(async () => (await btcWallet(request, who)).change_balance, { timeout: 60_000, intervals: [1000] })
    .toMatch(/^0\.25/);
  return who;
}

test('a user checks their balance in a proof-of-liabilities snapshot; a changed proof fails', async ({
  browser,
  request,
}) => {
  const who = await freshHolder(request);
  const admin = (await apiLogin(request, ADMIN_EMAIL)).token;
  const taken = await api(request, admin, 'POST', '/api/admin/pol/snapshot');
  expect(taken.type).toBe('ok');
  const snapshot = taken.message as {
    id: number;
    currencies: { currency_id: number; currency: string; root_hash: string }[];
  };
  const btcRoot = snapshot.currencies.find((c) => c.currency_id === BTC)!.root_hash;

  const page = await pageAs(browser, who);
  await page.goto('/#/pol');
  await expect(page.getByTestId('pol-page')).toBeVisible();
  const card = page.getByTestId('pol-snapshot').first();
  await expect(card).toContainText(`Snapshot #${snapshot.id}`);
  await expect(card).toContainText(btcRoot);
  await expect(page.locator('select')).toHaveValue(String(snapshot.id));

  const row = page.getByTestId('pol-proof').filter({ hasText: 'BTC' });
  await expect(row).toContainText(AMOUNT);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`oryx-pol-${snapshot.id}-BTC.json`);
  const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(file).toMatchObject({
    format: 'oryx-pol-proof/1',
    snapshot_id: snapshot.id,
    leaf: { user_id: who.id, balance_minor: '25000000' },
    root: { hash: btcRoot },
  });
  await row.getByTestId('pol-check').click();
  await expect(row.getByTestId('pol-result')).toHaveText(
    `Verified: ${AMOUNT} BTC is counted under the published root.`,
  );

  // The same page again, the proof changed on its way: one minor unit more than the tree holds.
  const tampered = await pageAs(browser, who);
  await tampered.route('**/api/pol/proof**', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    for (const p of body.message.proofs) {
      if (p.currency.id === BTC) p.leaf.balance_minor = String(BigInt(p.leaf.balance_minor) + 1n);
    }
    await route.fulfill({ response: res, json: body });
  });
  await tampered.goto('/#/pol');
  const changed = tampered.getByTestId('pol-proof').filter({ hasText: 'BTC' });
  await expect(changed).toContainText('0.25000001');
  await changed.getByTestId('pol-check').click();
  await expect(changed.getByTestId('pol-result')).toContainText('Check failed:');
  await tampered.context().close();
  await page.context().close();
});
