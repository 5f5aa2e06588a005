import { resources } from '@oryx/i18n';
import { expect, screenshot, test } from './fixtures';
import { loginViaApi, registerViaApi, uniqueEmail } from './helpers/auth';

/**
 * The public nickname on account information: a fresh user has a generated alias, the form refuses an
 * e-mail-looking value with the rule's text, saves a new nickname, and the settings list shows it.
 */
const t = resources.en.auth;
const PW = 'secret-nick-1';

test('a fresh user changes the generated alias to a nickname of their own', async ({ page }) => {
  const email = uniqueEmail('nick');
  await registerViaApi(page.request, email, PW);
  await loginViaApi(page, email, PW);
  await page.goto('/#/accountMessage');
  const form = page.getByTestId('nickname-form');
  const input = page.getByTestId('nickname-input');
  await expect(input).toHaveValue(/^Trader-[A-Z2-9]{6}$/);

  await input.fill(`${email.split('@')[0]!.slice(0, 8)}@mail.com`);
  await form.getByRole('button', { name: t.nickname.save }).click();
  await expect(form).toContainText(t.nickname.contact);

  const mine = `Nick ${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;
  await input.fill(mine);
  await form.getByRole('button', { name: t.nickname.save }).click();
  await expect(page.getByTestId('toast').first()).toContainText(t.common.saved);
  await screenshot(page, 'account-nickname');

  await page.goto('/#/accountSet');
  await expect(page.getByTestId('setting-nickname')).toContainText(mine);
});
