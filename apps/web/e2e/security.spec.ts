import { generate } from 'otplib';
import { resources } from '@oryx/i18n';
import { expect, readStorage, setLocale, test } from './fixtures';
import { loginViaApi, registerViaApi, uniqueEmail } from './helpers/auth';

const en = resources.en.security;

/**
 * The code an authenticator shows for the NEXT 30-second step: the server accepts one step either side,
 * and a step is good once, so this never collides with the code that confirmed the setup.
 */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test.describe('security: two-factor authentication', () => {
  test('turn it on with the QR key and a code, keep the recovery codes, then log in with a code', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('twofa');
    const password = 'twofa-123';
    await registerViaApi(request, email, password);
    await loginViaApi(page, email, password);
    await setLocale(page, 'en');

    await page.goto('/#/security');
    const card = page.getByTestId('two-factor');
    await expect(page.getByTestId('two-factor-state')).toHaveText(en.twoFactor.off);
    await card.getByRole('button', { name: en.twoFactor.enable }).click();
    await expect(page.getByTestId('two-factor-qr')).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await card.locator('input[name="totp"]').fill(await generate({ secret }));
    // A session alone cannot turn it on: the login password goes with the first code.
    await expect(card.getByRole('button', { name: en.twoFactor.confirm })).toBeDisabled();
    await card.getByLabel(en.twoFactor.password, { exact: true }).fill(password);
    await card.getByRole('button', { name: en.twoFactor.confirm }).click();
    const codes = page.getByTestId('recovery-codes');
    await expect(codes.locator('li')).toHaveCount(10);
    await codes.getByRole('button', { name: en.twoFactor.done }).click();
    await expect(page.getByTestId('two-factor-state')).toHaveText(en.twoFactor.on);
    // The account page's security bar counts it: the login password, the e-mail and two-factor.
    await page.goto('/#/accountSet');
    await expect(page.getByTestId('security-bar')).toHaveAttribute('aria-valuenow', '70');

    // Log out, then log in: the password alone is not enough, the form asks for the code.
    const token = (await readStorage(page)).token!;
    await page.request.get('/api/user/logout', { headers: { authorization: token } });
    await page.evaluate(() => window.localStorage.removeItem('token'));
    await page.goto('/#/components/login');
    const form = page.locator('form[aria-labelledby="login-title"]');
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(password);
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('input[name="totp_code"]')).toBeVisible();
    expect((await readStorage(page)).token).toBeUndefined();
    await form.locator('input[name="totp_code"]').fill(await nextCode(secret));
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.hash === '#/' || url.hash === '', { timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

    // The security page lists this session and the login history.
    await page.goto('/#/security');
    await expect(page.getByTestId('session-row').first()).toContainText(en.sessions.current);
    await expect(page.getByTestId('login-history')).toContainText(en.history.ended);
  });
});
