import { resources } from '@oryx/i18n';
import { expect, test } from './fixtures';
import { apiLogin, loginViaApi, registerViaApi, uniqueEmail } from './helpers/auth';

const en = resources.en;

/**
 * The rupiah channel with the sandbox provider, as a user: a fresh account deposits 160,000 Rp by scan
 * code, pays on the sandbox's page (labelled), and finds 10 USDT in its spot wallet (at the default
 * 16,000 Rp per USDT); its withdrawal form asks for a bank card first.
 */
test('a rupiah deposit paid on the sandbox page is credited once; the withdrawal form wants a bank card', async ({
  page,
}) => {
  const email = uniqueEmail('rupiah');
  const password = 'Rupiah-pass-1';
  await registerViaApi(page.request, email, password);
  await loginViaApi(page, email, password);

  await page.goto('/#/rupiahRecharge');
  const form = page.getByTestId('rupiah-deposit');
  await expect(form.getByText(en.rupiah.sandbox)).toBeVisible();
  await form.getByLabel(en.rupiah.deposit.amount).fill('160000');
  await expect(form.getByText('10.00000000 USDT')).toBeVisible();
  await form.getByLabel(en.rupiah.deposit.payType).selectOption('2');
  await expect(form.getByLabel(en.rupiah.deposit.bank)).toHaveCount(0);
  await form.getByRole('button', { name: en.rupiah.deposit.submit }).click();

  await page.waitForURL(/\/api\/pay\/sandbox\/pay-\d+/);
  await expect(page.getByText(en.funding.paySandbox.badge)).toBeVisible();
  await expect(page.getByText('Rp 160.000')).toBeVisible();
  await page.getByRole('button', { name: en.funding.paySandbox.pay }).click();
  await expect(page.getByText(en.funding.paySandbox.paid)).toBeVisible();

  const { token } = await apiLogin(page.request, email, password);
  const detail = await page.request.post('/api/wallet/detail', {
    data: { currency: 1, type: 'change' },
    headers: { authorization: token },
  });
  const body = (await detail.json()) as { message: { change_balance: string } };
  expect(Number(body.message.change_balance)).toBe(10);

  await page.goto('/#/rupiahRecharge');
  await expect(page.getByText(en.rupiah.log.inStatus1)).toBeVisible();
  await expect(page.getByText('Rp 160.000')).toBeVisible();
  await page.goto('/#/rupiahWithdraw');
  await expect(page.getByRole('link', { name: en.rupiah.withdraw.bindBank })).toHaveAttribute(
    'href',
    '#/bandbank',
  );
});
