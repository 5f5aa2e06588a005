// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EndSessionCall,
  LoginHistoryCall,
  SecurityOverviewCall,
  SessionsCall,
  TwoFactorConfirmCall,
  TwoFactorSetupCall,
} from '@oryx/contracts/security/calls';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { contractFetch, handle, Refusal } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import SecurityPage from './security-page';

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;
const button = (text: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe('/security', () => {
  it('sets up two-factor: QR and key, a wrong code refused, the right one shows the recovery codes', async () => {
    let on = false;
    const server = contractFetch([
      handle(SecurityOverviewCall, () => ({ two_factor: on, recovery_left: on ? 10 : 0, anti_phishing: '' })),
      handle(SessionsCall, () => ({
        list: [
          {
            id: 7,
            created_at: 1_700_000_000_000,
            ip: '203.0.113.9',
            device: 'Chrome · Windows',
            current: true,
          },
          {
            id: 5,
            created_at: 1_699_000_000_000,
            ip: '198.51.100.4',
            device: 'Safari · iOS',
            current: false,
          },
        ],
      })),
      handle(LoginHistoryCall, () => ({
        list: [
          {
            created_at: 1_700_000_000_000,
            ip: '203.0.113.9',
            device: 'Chrome · Windows',
            state: 'open' as const,
          },
        ],
      })),
      handle(TwoFactorSetupCall, () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x',
        qr: 'data:image/png;base64,AA',
      })),
      handle(TwoFactorConfirmCall, (input) => {
        if (input.code !== '123456')
          return new Refusal('The authenticator code is wrong', 'TWO_FACTOR_INVALID') as never;
        on = true;
        return { recovery_codes: Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBBB`) };
      }),
      handle(EndSessionCall, () => 'Saved'),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<SecurityPage />, '/security');
    await page.waitFor(() => expect(byTestId('two-factor-state')?.textContent).toBe('Off'));
    expect(page.text()).toContain('Safari · iOS');
    expect(page.text()).toContain('This device');

    await click(button('Turn on'));
    await page.waitFor(() => expect(byTestId('two-factor-secret')?.textContent).toBe('JBSWY3DPEHPK3PXP'));
    const code = byTestId('two-factor')!.querySelector('input[name="totp"]') as HTMLInputElement;
    const password = byTestId('two-factor')!.querySelector(
      'input[name="login_password"]',
    ) as HTMLInputElement;
    await fillIn(password, 'secret-123');
    await fillIn(code, '000000');
    await click(button('Confirm'));
    await page.waitFor(() => expect(page!.text()).toContain('The authenticator code is wrong'));
    await fillIn(code, '123456');
    await click(button('Confirm'));
    await page.waitFor(() => expect(byTestId('recovery-codes')?.querySelectorAll('li')).toHaveLength(10));
    // The login password went with the code (a session alone does not turn two-factor on).
    expect(server.calls.findLast((c) => c.path === TwoFactorConfirmCall.path)?.input).toMatchObject({
      code: '123456',
      password: 'secret-123',
    });
    await click(button('I have saved them'));
    await page.waitFor(() => expect(byTestId('two-factor-state')?.textContent).toBe('On'));

    await click(button('Log out'));
    await page.waitFor(() =>
      expect(server.calls.find((c) => c.path === EndSessionCall.path)?.input).toEqual({ id: 5 }),
    );
  });
});
