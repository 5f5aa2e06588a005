import { resources } from '@oryx/i18n';
import { expect, screenshot, setTheme, test } from './fixtures';
import { loginViaApi, outboxCode, sendCodeOnPage } from './helpers/auth';
import { type Reply, USDT, newcomerWithTradePassword, usdt } from './helpers/funding';

/**
 * A demo withdrawal a newcomer can finish: the withdrawal page offers the sandbox test address, the
 * address page takes it prefilled and binds it with a code, the demo's short cool-off runs out (seconds
 * in the e2e server), the withdrawal shows its confirmation (sending X to Y, fee F, received R) and goes
 * out on the sandbox chain. USDT on ERC20: fee 1 + 0.1 %, below the approval amount, so it sends at once.
 */
const cash = resources.en.cash;
const PASSWORD = 'demo-withdraw-1';
const TRADE = 'trade-888';

test('demo withdrawal: the sandbox test address, its short cool-off, the confirmation, sent', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { email, token } = await newcomerWithTradePassword(request, 'demowd', PASSWORD, TRADE);
  const auth = { authorization: token };
  // 100 USDT from the sandbox faucet, credited after its confirmations.
  const faucet = await request.post('/api/sandbox/faucet', {
    headers: auth,
    data: { currency: USDT, type: 'erc20', amount: '100' },
  });
  expect(((await faucet.json()) as Reply<unknown>).type).toBe('ok');
  await expect.poll(() => usdt(request, token), { timeout: 20_000 }).toEqual(['100.00000000', '0.00000000']);
  await loginViaApi(page, email, PASSWORD);

  // The withdrawal page offers the sandbox test address, labelled sandbox; not bound yet.
  await page.goto(`/#/setCash?currency=${USDT}`);
  const offer = page.getByTestId('test-address');
  await expect(offer).toContainText(cash.sandbox.label);
  await expect(offer).toContainText(cash.testAddress.title);
  const testAddress = ((await offer.locator('code').textContent()) ?? '').trim();
  expect(testAddress).toMatch(/^sbx[0-9a-f]{40}$/);
  await page.getByTestId('test-address-bind').click();

  // The address page has it filled in; a code sent to the user binds it.
  await expect(page.getByTestId('test-address-filled')).toBeVisible();
  await expect(page.locator('input[name="address"]')).toHaveValue(testAddress);
  const before = await outboxCode(request, email).catch(() => '');
  await sendCodeOnPage(page, resources.en.auth.code.send);
  let code = '';
  await expect.poll(async () => (code = await outboxCode(request, email)) !== before).toBe(true);
  await page.locator('input[name="code"]').fill(code);
  await page.getByTestId('bind-address').click();
  await expect(page.getByTestId('toast').filter({ hasText: cash.address.bound })).toBeVisible();

  // Back on the withdrawal page: cooling for the demo's short cool-off, then one click picks it.
  await page.goto(`/#/setCash?currency=${USDT}`);
  await expect(page.getByTestId('test-address-use')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('test-address-use').click();
  await expect(page.locator('select[name="address"]')).toHaveValue(/\d+/);
  await page.locator('input[name="number"]').fill('50');
  await page.locator('input[name="pay_password"]').fill(TRADE);
  await expect(page.getByTestId('withdraw-received')).toHaveText('48.95000000 USDT');
  await page.getByTestId('withdraw-submit').click();

  // The confirmation: nothing has left yet.
  const summary = page.getByTestId('withdraw-confirm-summary');
  await expect(summary).toContainText(
    `You are sending 50 USDT to ${testAddress}. Fee 1.05000000 USDT; the address receives 48.95000000 USDT.`,
  );
  await expect(page.getByTestId('confirm-received')).toHaveText('48.95000000 USDT');
  expect(await usdt(request, token)).toEqual(['100.00000000', '0.00000000']);
  await screenshot(page, 'demo-withdrawal-confirm-dark');
  await page.getByTestId('withdraw-confirm').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: resources.en.funding.withdrawSubmitted }),
  ).toBeVisible();
  await expect.poll(() => usdt(request, token)).toEqual(['50.00000000', '50.00000000']);

  // Sent on the sandbox chain and final: the frozen amount leaves.
  await page.goto(`/#/setCash?currency=${USDT}`);
  await expect(page.getByTestId('withdraw-records')).toContainText(cash.status.success, { timeout: 20_000 });
  expect(await usdt(request, token)).toEqual(['50.00000000', '0.00000000']);

  // The page in the white theme at phone width.
  await setTheme(page, 'white');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#/setCash?currency=${USDT}`);
  await expect(page.getByTestId('test-address')).toBeVisible();
  await screenshot(page, 'demo-withdrawal-phone-white');
  // The confirmation at phone width; Back leaves everything as it was.
  await page.getByTestId('test-address-use').click();
  await page.locator('input[name="number"]').fill('20');
  await page.locator('input[name="pay_password"]').fill(TRADE);
  await expect(page.getByTestId('withdraw-received')).toHaveText('18.98000000 USDT');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('confirm-fee')).toHaveText('1.02000000 USDT');
  await screenshot(page, 'demo-withdrawal-confirm-phone-white', { fullPage: false });
  await page.getByRole('button', { name: cash.withdrawConfirm.back }).click();
  await expect(page.getByTestId('withdraw-confirm-summary')).toHaveCount(0);
  expect(await usdt(request, token)).toEqual(['50.00000000', '0.00000000']);
});
