// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginCall } from '@oryx/contracts/auth/calls';
import { EnvJsonCall } from '@oryx/contracts/system/calls';
import { contractFetch, handle, Refusal } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import LoginPage from './login-page';

let page: RenderedPage | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

const tabs = () => [...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
const env = (smsAvailable: boolean) =>
  handle(EnvJsonCall, () => ({
    socket_io_port: 8080,
    login_need_smscode: false,
    sms_available: smsAvailable,
  }));

describe('/components/login', () => {
  it('offers the phone tab only when SMS is available', async () => {
    vi.stubGlobal('fetch', contractFetch([env(true)]).fetch);
    page = await renderPage(<LoginPage />, '/components/login');
    await page.waitFor(() => expect(tabs()).toEqual(['E-mail', 'Phone']));
    page.unmount();

    vi.stubGlobal('fetch', contractFetch([env(false)]).fetch);
    page = await renderPage(<LoginPage />, '/components/login?isEmail=0');
    await page.waitFor(() => expect(document.querySelector('input[name="email"]')).not.toBeNull());
    expect(tabs()).toEqual([]);
    expect(document.querySelector('input[name="phone"]')).toBeNull();
  });

  it('asks for a login code once the account is paused, and sends it with the password', async () => {
    const server = contractFetch([
      env(false),
      handle(LoginCall, (input) =>
        input.sms_code
          ? (new Refusal('Wrong code', 'CODE_INVALID') as never)
          : (new Refusal('Password checks are paused', 'AUTH_ACCOUNT_LOCKED') as never),
      ),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<LoginPage />, '/components/login');
    await page.waitFor(() => expect(document.querySelector('input[name="email"]')).not.toBeNull());
    expect(document.querySelector('input[name="sms_code"]')).toBeNull();
    await fillIn(document.querySelector('input[name="email"]')!, 'owner@example.com');
    await fillIn(document.querySelector('input[name="password"]')!, 'secret-123');
    await click([...document.querySelectorAll('button[type="submit"]')][0] as HTMLElement);
    await page.waitFor(() => expect(document.querySelector('input[name="sms_code"]')).not.toBeNull());
    expect(page.text()).toContain('send a login code to the account');
    await fillIn(document.querySelector('input[name="sms_code"]')!, '123456');
    await click([...document.querySelectorAll('button[type="submit"]')][0] as HTMLElement);
    await page.waitFor(() =>
      expect(server.calls.filter((c) => c.path === LoginCall.path).at(-1)?.input).toMatchObject({
        user_string: 'owner@example.com',
        password: 'secret-123',
        sms_code: '123456',
      }),
    );
  });
});
