import type { APIRequestContext } from '@playwright/test';
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
import {
  ADMIN_EMAIL,
  DEMO_PASSWORD,
  apiLogin,
  loginAs,
  loginViaApi,
  registerViaApi,
  sendCodeOnPage,
  uniqueEmail,
  waitForOutboxCode,
} from './helpers/auth';
import { cardPng } from './helpers/images';

const en = resources.en.auth;

test.describe('accounts: login', () => {
  test('a demo user logs in through the page and lands home with the session stored', async ({ page }) => {
    await loginAs(page, 'demo2@oryx.local');
    const stored = await readStorage(page);
    expect(stored.token?.length).toBeGreaterThan(20);
    expect(stored.user_id).toMatch(/^\d+$/);
    expect(stored.accountNum).toBe('demo2@oryx.local');
  });

  test('wrong passwords and empty fields are refused with the form messages', async ({ page }) => {
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

  test('an expired session lands on the login page with the locale kept', async ({ page }) => {
    await loginViaApi(page, 'demo1@oryx.local');
    await setLocale(page, 'en');
    const token = (await readStorage(page)).token!;
    // The session ends elsewhere (another tab logs out, or it expires): the next call answers 999.
    await page.request.get('/api/user/logout', { headers: { authorization: token } });
    await page.goto('/#/accountSet');
    await expect(page.getByTestId('toast').first()).toContainText(resources.en.common.session.expired);
    await page.waitForURL(/#\/components\/login/);
    const stored = await readStorage(page);
    expect(stored.token).toBeUndefined();
    expect(stored.locale).toBe('en');
    // Without a token the account pages send the visitor to the login page at once.
    await page.goto('/#/bandbank');
    await page.waitForURL(/#\/components\/login/);
  });
});

test.describe('accounts: journeys', () => {
  test('register with an invite code → log in → transaction password → identity → approved → certified', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('journey');
    const password = 'journey-123';

    // Register through the page: the invite code comes from the link and is locked.
    await page.goto('/#/components/register?extension_code=DEMO0001');
    const form = page.locator('form[aria-labelledby="register-title"]');
    await expect(form.locator('input[name="extension_code"]')).toHaveValue('DEMO0001');
    await expect(form.locator('input[name="extension_code"]')).toHaveAttribute('readonly', '');
    await form.locator('input[name="email"]').fill(email);
    await form.getByRole('button', { name: en.code.send }).click();
    await expect(form.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    const code = await waitForOutboxCode(request, email);
    await form.locator('input[name="code"]').fill(code);
    await form.locator('input[name="password"]').fill(password);
    await form.locator('input[name="re_password"]').fill(password);
    await form.getByRole('button', { name: en.register.submit }).click();
    await expect(form).toContainText(en.register.agreeRequired);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: en.register.submit }).click();
    // Signed up is logged in: the assets page, with the session stored.
    await page.waitForURL(/#\/finance/);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

    await loginAs(page, email, password);
    await page.goto('/#/accountSet');
    // The login password and an e-mail, two-factor off: low.
    await expect(page.getByTestId('security-bar')).toHaveAttribute('aria-valuenow', '35');
    await expect(page.getByTestId('security-label')).toContainText(en.set.level_low);
    await expect(page.getByTestId('setting-trade')).toContainText(en.set.notSet);

    // Transaction password, with a code sent to the user's own e-mail.
    await page.getByTestId('setting-trade').getByRole('link', { name: en.set.setNow }).click();
    await page.waitForURL(/#\/bindmpwd/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.bindmpwd.titleSet);
    await page.getByLabel(en.bindmpwd.password, { exact: true }).fill('trade-123');
    await page.getByLabel(en.bindmpwd.rePassword, { exact: true }).fill('trade-123');
    await sendCodeOnPage(page, en.code.send);
    const tradeCode = await waitForLatestCode(request, email, code);
    await page.getByLabel(en.field.code, { exact: true }).fill(tradeCode);
    await page.getByRole('button', { name: en.bindmpwd.submit }).click();
    await page.waitForURL(/#\/accountSet/);
    await expect(page.getByTestId('setting-trade')).toContainText(en.set.isSet);

    // Identity: the form refuses missing images, then takes three.
    await page.getByTestId('setting-identity').getByRole('link', { name: en.set.verifyNow }).click();
    await page.waitForURL(/#\/authentication/);
    await page.getByLabel(en.auth.name, { exact: true }).fill('Journey Tester');
    await page.getByLabel(en.auth.card, { exact: true }).fill('1101700203451');
    await page.getByRole('button', { name: en.auth.submit }).click();
    await expect(page.locator('form')).toContainText(en.auth.pimg);
    const images: [string, [number, number, number]][] = [
      [en.auth.front, [70, 130, 200]],
      [en.auth.back, [90, 170, 120]],
      [en.auth.hand, [200, 150, 80]],
    ];
    for (const [label, hue] of images) {
      await page
        .getByLabel(label, { exact: true })
        .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: cardPng(hue) });
    }
    for (const [label] of images) await expect(page.getByRole('img', { name: label })).toBeVisible();
    await screenshot(page, 'auth-identity-form-filled');
    await page.getByRole('button', { name: en.auth.submit }).click();
    await expect(page.getByTestId('kyc-auditing')).toContainText(en.auth.auditing);

    // The operator approves.
    const userId = Number((await readStorage(page)).user_id);
    const admin = (await apiLogin(request, ADMIN_EMAIL)).token;
    const queue = await (
      await request.get('/api/admin/kyc/list', {
        params: { status: 1, limit: 100 },
        headers: { authorization: admin },
      })
    ).json();
    const submission = queue.message.data.find((s: { user_id: number }) => s.user_id === userId);
    expect(submission).toBeTruthy();
    const approved = await request.post('/api/admin/kyc/approve', {
      data: { id: submission.id },
      headers: { authorization: admin },
    });
    expect((await approved.json()).type).toBe('ok');

    await page.reload();
    await expect(page.getByTestId('kyc-certified')).toContainText('Journey Tester');
    await page.goto('/#/accountSet');
    // Certified, but two-factor is off: middle, never high (security.spec turns it on).
    await expect(page.getByTestId('security-bar')).toHaveAttribute('aria-valuenow', '50');
    await expect(page.getByTestId('security-label')).toContainText(en.set.level_middle);
    await expect(page.getByTestId('setting-identity')).toContainText(en.set.review_certified);
  });

  test('forgot password: code, new password, log in with it', async ({ page, request }) => {
    const email = uniqueEmail('forgot');
    await registerViaApi(request, email, 'old-pass-1');
    await page.goto('/#/components/login');
    await page.getByRole('link', { name: en.login.forgot }).click();
    await page.waitForURL(/#\/forgetPwd/);
    const form = page.locator('form[aria-labelledby="forget-title"]');
    await expect(form.locator('input[name="password"]')).toHaveCount(0);
    await form.locator('input[name="email"]').fill(email);
    const registrationCode = await lastKnownCode(request, email);
    // The reset page's countdown is 31 s, not 60. The registration code went to the
    // same address a moment ago: until the server's resend pause is over the send is refused, so retry.
    await sendCodeOnPage(form, en.code.send, /Resend in 3[01] s/);
    const code = await waitForLatestCode(request, email, registrationCode);
    await form.locator('input[name="code"]').fill(code);
    await form.locator('input[name="password"]').fill('new-pass-1');
    await form.locator('input[name="repassword"]').fill('new-pass-2');
    await form.getByRole('button', { name: en.forget.submit }).click();
    await expect(form).toContainText(en.set.pswFalse);
    await form.locator('input[name="repassword"]').fill('new-pass-1');
    await form.getByRole('button', { name: en.forget.submit }).click();
    await page.waitForURL(/#\/components\/login/);
    await loginAs(page, email, 'new-pass-1');
  });

  test('bind a bank account with a code and the login password; it counts after the cool-off', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('bank');
    await registerViaApi(request, email, 'bank-pass-1');
    const registrationCode = await lastKnownCode(request, email);
    await loginViaApi(page, email, 'bank-pass-1');
    await page.goto('/#/bandbank');
    // The list is the user's country's (its sign-up nationality); the form starts on its first bank.
    const bankSelect = page.getByLabel(en.bank.bank);
    await expect(bankSelect.locator('option').first()).toBeAttached();
    await expect(bankSelect).toHaveValue(
      (await bankSelect.locator('option').first().getAttribute('value')) ?? '',
    );
    await page.getByRole('button', { name: en.bank.submit }).click();
    await expect(page.locator('form')).toContainText(en.bank.nameRequired);
    await page.getByLabel(en.bank.bank).selectOption('other');
    await page.getByLabel(en.bank.payee, { exact: true }).fill('Budi Santoso');
    await page.getByLabel(en.bank.account, { exact: true }).fill('0123456789');
    await page.getByRole('button', { name: en.bank.submit }).click();
    await expect(page.locator('form')).toContainText(en.bank.otherRequired);
    await page.getByLabel(en.bank.otherName, { exact: true }).fill('Bank Jago');
    await page.getByRole('button', { name: en.bank.submit }).click();
    // The form alone binds nothing: a code sent to the user and the login password are asked for.
    await expect(page.getByTestId('step-up')).toContainText(en.login.enterCode);
    await expect(page.getByTestId('step-up')).toContainText(en.stepUp.passwordRequired);
    await sendCodeOnPage(page, en.code.send);
    const code = await waitForLatestCode(request, email, registrationCode);
    await page.getByLabel(en.field.code, { exact: true }).fill(code);
    await page.getByLabel(en.stepUp.password, { exact: true }).fill('wrong-pass-1');
    await page.getByRole('button', { name: en.bank.submit }).click();
    await expect(page.getByTestId('toast').last()).toContainText(resources.en.errors.STEP_UP_PASSWORD_WRONG);
    await page.getByLabel(en.stepUp.password, { exact: true }).fill('bank-pass-1');
    await page.getByRole('button', { name: en.bank.submit }).click();
    await expect(page.getByTestId('bank-bound')).toContainText('Bank Jago');
    // Bound, but payouts wait for the cool-off (seconds in this test server).
    await expect(page.getByTestId('bank-cool-off')).toBeVisible();
    await screenshot(page, 'bank-cool-off');
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('bank-bound')).toBeVisible();
      await expect(page.getByTestId('bank-cool-off')).toHaveCount(0);
    }).toPass({ timeout: 30_000 });
    // The saved number is masked in the summary; the edit form still holds it in full.
    await expect(page.getByTestId('bank-bound-account')).toHaveText('•••• 6789');
    await expect(page.getByTestId('bank-bound')).not.toContainText('0123456789');
    await page.reload();
    await expect(page.getByLabel(en.bank.payee, { exact: true })).toHaveValue('Budi Santoso');
    await expect(page.getByLabel(en.bank.account, { exact: true })).toHaveValue('0123456789');
    await expect(page.getByTestId('bank-bound-account')).toHaveText('•••• 6789');
    for (const theme of ['dark', 'white'] as const) {
      await setTheme(page, theme);
      await expect(page.getByTestId('bank-bound-account')).toBeVisible();
      await screenshot(page, `bank-bound-${theme}`);
    }
    await page.goto('/#/accountSet');
    await expect(page.getByTestId('setting-bank')).toContainText(en.set.bound);
  });

  test('bind an e-mail address and log in with it', async ({ page, request }) => {
    const email = uniqueEmail('bind-from');
    const target = uniqueEmail('bind-to');
    await registerViaApi(request, email, 'bind-pass-1');
    await loginViaApi(page, email, 'bind-pass-1');
    await page.goto('/#/bindEmail');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.email.titleChange);
    await page.getByLabel(en.field.email, { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: en.code.send }).click();
    await expect(page.locator('form')).toContainText(en.register.emailFalse);
    await page.getByLabel(en.field.email, { exact: true }).fill(target);
    await page.getByRole('button', { name: en.code.send }).click();
    const code = await waitForOutboxCode(request, target);
    await page.getByLabel(en.field.code, { exact: true }).fill(code);
    await page.getByRole('button', { name: en.email.submit }).click();
    // Changing where codes go needs the login password too.
    await expect(page.locator('form')).toContainText(en.stepUp.passwordRequired);
    await page.getByLabel(en.stepUp.password, { exact: true }).fill('bind-pass-1');
    await page.getByRole('button', { name: en.email.submit }).click();
    await page.waitForURL(/#\/accountSet/);
    await expect(page.getByTestId('setting-email')).toContainText(target.slice(0, 2));
    expect((await apiLogin(request, target, 'bind-pass-1')).token.length).toBeGreaterThan(20);
  });
});

test.describe('accounts: pages in both themes and two locales', () => {
  const pages: [string, string][] = [
    ['login', '/#/components/login'],
    ['register', '/#/components/register?extension_code=DEMO0001'],
    ['forget', '/#/forgetPwd'],
  ];
  const accountPages: [string, string][] = [
    ['account-set', '/#/accountSet'],
    ['authentication', '/#/authentication'],
    ['bank', '/#/bandbank'],
    ['bindmpwd', '/#/bindmpwd'],
    ['bind-email', '/#/bindEmail'],
    ['user-setting', '/#/userSetting'],
    ['account-message', '/#/accountMessage'],
    ['reset', '/#/resetPwd'],
  ];
  for (const [locale, theme] of [
    ['en', 'dark'],
    ['zh', 'white'],
    ['th', 'dark'],
    ['en', 'white'],
  ] as [Locale, Theme][]) {
    test(`${locale} ${theme}`, async ({ page }) => {
      test.setTimeout(90_000);
      const t = resources[locale].auth;
      await setLocale(page, locale);
      await setTheme(page, theme);
      for (const [name, url] of pages) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await screenshot(page, `auth-${name}-${locale}-${theme}`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/#/components/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.login.title);
      await screenshot(page, `auth-login-${locale}-${theme}-phone`);
      await page.setViewportSize({ width: 1366, height: 860 });

      await loginViaApi(page, 'demo1@oryx.local');
      for (const [name, url] of accountPages) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
        if (name !== 'reset')
          await expect(page.getByRole('navigation', { name: t.menu.title })).toBeVisible();
        await screenshot(page, `account-${name}-${locale}-${theme}`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/#/accountSet');
      await expect(page.getByTestId('security-bar')).toBeVisible();
      await screenshot(page, `account-account-set-${locale}-${theme}-phone`);
    });
  }
});

/** The code of the newest message with a code for `destination` ('' when none yet); notices carry none. */
async function lastKnownCode(request: APIRequestContext, destination: string) {
  const admin = (await apiLogin(request, ADMIN_EMAIL)).token;
  const res = await request.get('/api/admin/outbox', {
    params: { destination, limit: 20 },
    headers: { authorization: admin },
  });
  const list = (await res.json()).message.list as { code: string }[];
  return list.find((m) => m.code)?.code ?? '';
}

/** Waits for a code for `destination` that differs from `previous`. */
async function waitForLatestCode(
  request: APIRequestContext,
  destination: string,
  previous: string,
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = await lastKnownCode(request, destination);
      return code !== '' && code !== previous;
    })
    .toBe(true);
  return code;
}

test.describe('accounts: login comes back', () => {
  test('a guarded page sends the visitor to log in and back to it afterwards', async ({ page }) => {
    await page.goto('/#/bandbank');
    await page.waitForURL(/#\/components\/login\?redirect=%2Fbandbank$/);
    const form = page.locator('form[aria-labelledby="login-title"]');
    await form.locator('input[name="email"]').fill('demo1@oryx.local');
    await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/#\/bandbank$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: en.bank.title })).toBeVisible();
  });

  test('a redirect to another site is ignored: the user lands home', async ({ page }) => {
    await page.goto(`/#/components/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    const form = page.locator('form[aria-labelledby="login-title"]');
    await form.locator('input[name="email"]').fill('demo2@oryx.local');
    await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.hash === '#/' || url.hash === '', { timeout: 15_000 });
    expect(new URL(page.url()).host).not.toContain('evil');
  });
});
