import { resources } from '@oryx/i18n';
import { expect, readStorage, screenshot, setLocale, setTheme, test } from './fixtures';
import { DEMO_PASSWORD, apiLogin, loginAs, waitForOutboxCode } from './helpers/auth';

const en = resources.en.auth;

test.describe('accounts: login', () => {
  test('a demo user logs in through the page and lands home with the session stored', async ({ page }) => {
    await loginAs(page, 'demo2@oryx.local');
    const stored = await readStorage(page);
    expect(stored.token?.length).toBeGreaterThan(20);
    expect(stored.user_id).toMatch(/^\d+$/);
    expect(stored.accountNum).toBe('demo2@oryx.local');
  });

  test('wrong passwords and empty fields are refused with the specification messages', async ({ page }) => {
    await page.goto('/#/components/login');
    const form = page.locator('form[aria-labelledby="login-title"]');
    await form.locator('button[type="submit"]').click();
    await expect(form).toContainText(en.login.enterAccount);
    await form.locator('input[name="email"]').fill('demo2@oryx.local');
    await form.locator('input[name="password"]').fill('12345');
    await form.locator('button[type="submit"]').click();
    await expect(form).toContainText(en.login.psw6);
    await form.locator('input[name="password"]').fill('wrong-password');
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('toast')).toContainText(resources.en.errors.AUTH_LOGIN_FAILED);
    expect((await readStorage(page)).token).toBeUndefined();
  });
});
