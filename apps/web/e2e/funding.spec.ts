import { resources } from '@oryx/i18n';
import consoleTexts from '../../../packages/i18n/locales/en/console.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, apiLogin, loginViaApi, outboxCode, sendCodeOnPage } from './helpers/auth';
import { type Reply, USDT, newcomerWithTradePassword, usdt } from './helpers/funding';

/**
 * Coin deposits and withdrawals on the sandbox chain: a new user gets a faucet deposit credited after its
 * confirmations, binds a withdrawal address with a code, waits out the cool-off (seconds in the e2e
 * server), withdraws above the approval amount, an operator approves it, and the balance and records
 * move exactly. USDT on ERC20: 6 confirmations, fee 1 + 0.1 %, approval above 10,000.
 */
const cash = resources.en.cash;
const PASSWORD = 'funding-pass-1';
const TRADE = 'trade-777';

test('funding: sandbox deposit, bound address after its cool-off, reviewed withdrawal', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { email, token } = await newcomerWithTradePassword(request, 'funding', PASSWORD, TRADE);
  await loginViaApi(page, email, PASSWORD);

  // Deposit: the address, its QR code, the sandbox label; the faucet sends 20,000 USDT.
  await page.goto(`/#/recharge?currency=${USDT}`);
  await expect(page.getByTestId('sandbox-label').first()).toHaveText(cash.sandbox.label);
  await expect(page.getByTestId('deposit-address')).toHaveText(/^sbx[0-9a-f]{40}$/);
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  await page.locator('input[name="faucet_amount"]').fill('20000');
  await page.getByTestId('faucet-button').click();
  await expect(page.getByTestId('toast').filter({ hasText: cash.faucet.sent })).toBeVisible(); // toasts stack: find this one
  const deposits = page.getByTestId('deposit-records');
  await expect(deposits).toContainText(/Confirming \d\/6|Credited/);
  await expect(deposits).toContainText(cash.status.credited, { timeout: 20_000 });
  expect(await usdt(request, token)).toEqual(['20000.00000000', '0.00000000']);

  // Bind the exchange's own collection address (a valid sandbox address) with a code.
  const to = (
    (await (await request.get('/api/money/rechange')).json()) as Reply<{ company_eth_address: string }>
  ).message.company_eth_address;
  await page.goto(`/#/withdraw_address?currency=${USDT}`);
  await page.locator('input[name="address"]').fill(to);
  await page.getByTestId('bind-address').click();
  await expect(page.locator('form').getByText(cash.error.codeRequired)).toBeVisible();
  const before = await outboxCode(request, email);
  await sendCodeOnPage(page, resources.en.auth.code.send);
  let code = '';
  await expect.poll(async () => (code = await outboxCode(request, email)) !== before).toBe(true);
  await page.locator('input[name="code"]').fill(code);
  await page.getByTestId('bind-address').click();
  await expect(page.getByTestId('toast').filter({ hasText: cash.address.bound })).toBeVisible(); // toasts stack: find this one
  await expect(page.getByTestId('address-cooling')).toBeVisible();
  await expect(page.getByText(cash.address.usable, { exact: true })).toBeVisible({ timeout: 15_000 });

  // Withdraw 15,000 (above the 10,000 approval amount): fee 1 + 15 = 16, 14,984 arrives.
  await page.goto(`/#/setCash?currency=${USDT}`);
  await page.locator('select[name="address"]').selectOption({ label: to });
  await page.locator('input[name="number"]').fill('5');
  await page.locator('input[name="pay_password"]').fill(TRADE);
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText('The amount is below the minimum of 10 USDT')).toBeVisible();
  await page.locator('input[name="number"]').fill('15000');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('16.00000000 USDT');
  await expect(page.getByTestId('withdraw-received')).toHaveText('14984.00000000 USDT');
  await page.getByTestId('withdraw-submit').click();
  // The confirmation names what leaves, the fee and what arrives before anything is sent.
  await expect(page.getByTestId('withdraw-confirm-summary')).toContainText(to);
  await expect(page.getByTestId('confirm-received')).toHaveText('14,984.00000000 USDT');
  await page.getByTestId('withdraw-confirm').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: resources.en.funding.withdrawSubmitted }),
  ).toBeVisible(); // toasts stack: find this one
  // The page reloads after 1.5 s: the form is empty again (the reload's page may take a while to load
  // on a busy machine: a ceiling, not a wait).
  await expect(page.locator('input[name="number"]')).toHaveValue('', { timeout: 15_000 });
  expect(await usdt(request, token)).toEqual(['5000.00000000', '15000.00000000']);
  const withdrawals = page.getByTestId('withdraw-records');
  await expect(withdrawals).toContainText(cash.status.review);

  // Two operators approve it in the console (15,000 USDT is above the four-eyes amount): the first
  // approval is a request, the second sends it; it is confirmed and leaves the frozen balance.
  const admin = { authorization: (await apiLogin(request, ADMIN_EMAIL)).token };
  const waiting = (await (
    await request.get('/api/admin/funding/withdrawals', { headers: admin })
  ).json()) as Reply<{ id: number; account: string; number: string; fee: string }[]>;
  const mine = waiting.message.find((w) => w.account === email)!;
  expect(mine).toMatchObject({ number: '15000.00000000', fee: '16.00000000' });
  for (const [operator, toastText] of [
    ['operator@oryx.local', consoleTexts.fourEyes.requested],
    ['operator2@oryx.local', consoleTexts.withdrawals.approved],
  ] as const) {
    await loginViaApi(page, operator);
    await page.goto('/#/console/withdrawals');
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await row.getByRole('button', { name: consoleTexts.action.approve }).click();
    await expect(page.getByText(toastText).first()).toBeVisible();
  }
  await loginViaApi(page, email, PASSWORD);
  await page.goto(`/#/setCash?currency=${USDT}`);
  await expect(withdrawals).toContainText(cash.status.success, { timeout: 20_000 });
  expect(await usdt(request, token)).toEqual(['5000.00000000', '0.00000000']);
  await page.goto(`/#/coinRecord?view=withdraw&currency=${USDT}`);
  await expect(page.getByTestId('withdraw-records')).toContainText('14,984.00000000');
});
