/**
 * Session helpers for browser journeys (every area's specs may use them):
 *
 *   import { loginAs, DEMO_PASSWORD } from './helpers/auth';
 *   await loginAs(page, 'demo1@oryx.local');                  // through the login page, like a user
 *   await loginViaApi(page, 'demo1@oryx.local');              // faster: the API, then storage as the UI
 *   const code = await outboxCode(request, 'new@example.com');  // the last code the sandbox "sent"
 *
 * Demo accounts (demo mode): admin@oryx.local (operator), demo1@, demo2@, seller@oryx.local (is_seller),
 * all with the password `oryx-demo-1`; invite codes ORYXADM1, DEMO0001, DEMO0002, SELLER01.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'oryx-demo-1';
export const ADMIN_EMAIL = 'admin@oryx.local';

/** Local storage belongs to the app's origin: open it first when the page is still blank. */
async function onApp(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/#/components/login');
}

/**
 * Logs in through /components/login with an e-mail account (the form's default tab) and waits until
 * the app has stored the session and gone home, as it does after every login. Works in any locale:
 * it uses field names, not labels.
 */
export async function loginAs(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/components/login');
  const form = page.locator('form[aria-labelledby="login-title"]');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.hash === '#/' || url.hash === '', { timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
}

/** A session token for `email` from POST /api/user/login. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<{ token: string; id: number }> {
  const res = await request.post('/api/user/login', { data: { user_string: email, password } });
  const body = (await res.json()) as { type: string; message: string; id: number };
  if (body.type !== 'ok') throw new Error(`login ${email}: ${body.message}`);
  return { token: body.message, id: body.id };
}

/**
 * Logs in with the API and stores the session exactly as the login page does (token, user_id; the shell
 * loads the rest from /api/user/info), then reloads. Use it where the login page is not under test.
 */
export async function loginViaApi(
  page: Page,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  const { token, id } = await apiLogin(page.request, email, password);
  await onApp(page);
  await page.evaluate(
    ([t, u]) => {
      window.localStorage.setItem('token', t);
      window.localStorage.setItem('user_id', u);
    },
    [token, String(id)] as const,
  );
  await page.reload();
}

/** The newest code the sandbox delivered to `destination` (e-mail, or `+<area> <digits>`), via the admin API. */
export async function outboxCode(request: APIRequestContext, destination: string): Promise<string> {
  const { token } = await apiLogin(request, ADMIN_EMAIL);
  // The newest message that carries a code: notices without one (a new-device login, a changed
  // password) go to the same address.
  const res = await request.get('/api/admin/outbox', {
    params: { destination, limit: 20 },
    headers: { authorization: token },
  });
  const body = (await res.json()) as { type: string; message: { list: { code: string }[] } };
  const code = body.message?.list?.find((m) => m.code)?.code ?? '';
  if (!code) throw new Error(`no code in the outbox for ${destination}`);
  return code;
}

/** Waits for a code to arrive for `destination` (the send is asynchronous from the page's point of view). */
export async function waitForOutboxCode(request: APIRequestContext, destination: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = await outboxCode(request, destination).catch(() => '');
      return code;
    })
    .not.toBe('');
  return code;
}

/** Registers `email` through the API (code from the outbox), invited by `invite`. */
export async function registerViaApi(
  request: APIRequestContext,
  email: string,
  password: string,
  invite = 'DEMO0001',
): Promise<void> {
  const sent = await request.post('/api/sms_mail', { data: { user_string: email, scene: 'register' } });
  expect(((await sent.json()) as { type: string }).type).toBe('ok');
  const code = await outboxCode(request, email.toLowerCase());
  const res = await request.post('/api/user/register', {
    data: {
      type: 'email',
      user_string: email,
      code,
      password,
      re_password: password,
      extension_code: invite,
    },
  });
  const body = (await res.json()) as { type: string; message: string };
  if (body.type !== 'ok') throw new Error(`register ${email}: ${body.message}`);
}

/** A unique address for one test run. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/**
 * A code of `scene` (`trade_password`, `bank`, `payment`, `safe`) sent to the logged-in user's own
 * e-mail, as the account pages ask for one: retried past the resend pause, and a new code (not the
 * previous one in the outbox) is returned.
 */
export async function ownAccountCode(
  request: APIRequestContext,
  who: { token: string; email: string },
  scene: string,
): Promise<string> {
  const destination = who.email.toLowerCase();
  const previous = await outboxCode(request, destination).catch(() => '');
  await expect(async () => {
    const res = await request.post('/api/sms_mail', {
      data: { user_string: who.email, scene },
      headers: { authorization: who.token },
    });
    expect(((await res.json()) as { type: string }).type).toBe('ok');
  }).toPass({ timeout: 15_000 });
  let code = '';
  await expect
    .poll(async () => {
      code = await outboxCode(request, destination).catch(() => '');
      return code !== '' && code !== previous;
    })
    .toBe(true);
  return code;
}

/**
 * Saves C2C payment details as the rules want (a `payment` code and the login password) and waits out
 * the cool-off (seconds in the e2e server), so that ads and deals can use them.
 */
export async function savePaymentDetailsViaApi(
  request: APIRequestContext,
  who: { token: string; email: string; password: string },
  details: Record<string, string>,
): Promise<void> {
  const code = await ownAccountCode(request, who, 'payment');
  const res = await request.post('/api/user/cash_save', {
    data: { ...details, code, password: who.password },
    headers: { authorization: who.token },
  });
  const body = (await res.json()) as { type: string; message: string };
  if (body.type !== 'ok') throw new Error(`cash_save: ${body.message}`);
  await expect
    .poll(
      async () => {
        const info = await request.post('/api/user/cash_info', { headers: { authorization: who.token } });
        return ((await info.json()) as { message: { usable_at: number } }).message.usable_at;
      },
      { timeout: 30_000 },
    )
    .toBe(0);
}

/**
 * Presses a form's send-code button (named `send`) until the form counts down to a resend (`countdown`):
 * the server refuses a send within the resend pause of the previous code to that address, so the press
 * is repeated; and a loaded machine may take more than a moment to show the countdown of a send that
 * went through, so the button is pressed again only while it is still there to press.
 */
export async function sendCodeOnPage(
  scope: Page | Locator,
  send: string,
  countdown: RegExp = /Resend in \d+ s/,
): Promise<void> {
  await expect(async () => {
    const button = scope.getByRole('button', { name: send });
    if ((await button.isVisible()) && (await button.isEnabled())) await button.click({ timeout: 1000 });
    await expect(scope.getByRole('button', { name: countdown })).toBeDisabled({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}
