// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiKeyCreateCall,
  ApiKeyDisableCall,
  ApiKeyListCall,
  type ApiKeyRow,
} from '@oryx/contracts/apikeys/calls';
import { SecurityOverviewCall } from '@oryx/contracts/security/calls';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { contractFetch, handle, Refusal } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import ApiKeysPage from './api-keys-page';

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
const KEY = 'K'.repeat(64);
const SECRET = 'S'.repeat(64);

describe('/apiKeys', () => {
  it('creates a key with the password, shows the secret once, lists and disables it', async () => {
    const keys: ApiKeyRow[] = [];
    const server = contractFetch([
      handle(SecurityOverviewCall, () => ({ two_factor: false, recovery_left: 0, anti_phishing: '' })),
      handle(ApiKeyListCall, () => ({ list: keys })),
      handle(ApiKeyCreateCall, (input) => {
        if (input.password !== 'secret-123')
          return new Refusal('The login password is wrong', 'STEP_UP_PASSWORD_WRONG') as never;
        keys.push({
          id: 1,
          label: input.label,
          api_key: KEY,
          kind: 'hmac',
          permissions: input.permissions as ApiKeyRow['permissions'],
          ip_whitelist: [],
          is_enabled: true,
          created_at: 1_700_000_000_000,
          last_used_at: null,
        });
        return { id: 1, api_key: KEY, secret: SECRET };
      }),
      handle(ApiKeyDisableCall, (input) => {
        keys[0]!.is_enabled = input.is_enabled === 1;
        return keys[0]!;
      }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<ApiKeysPage />, '/apiKeys');
    await page.waitFor(() => expect(page!.text()).toContain('No API keys yet'));

    const form = byTestId('api-key-create')!;
    await fillIn(form.querySelector('input[name="label"]') as HTMLInputElement, 'bot');
    await click(form.querySelectorAll('input[type="checkbox"]')[1]!);
    await fillIn(form.querySelector('input[name="login_password"]') as HTMLInputElement, 'wrong');
    await click(button('Create key'));
    await page.waitFor(() => expect(page!.text()).toContain('The login password is wrong'));
    await fillIn(form.querySelector('input[name="login_password"]') as HTMLInputElement, 'secret-123');
    await click(button('Create key'));
    await page.waitFor(() => expect(byTestId('api-secret-value')?.textContent).toBe(SECRET));
    expect(
      server.calls.findLast((c) => c.path === ApiKeyCreateCall.path && c.method === 'POST')?.input,
    ).toMatchObject({
      label: 'bot',
      permissions: ['read', 'trade'],
      password: 'secret-123',
    });
    await click(button('I have saved it'));
    await page.waitFor(() => expect(byTestId('api-secret-value')).toBeNull());
    await page.waitFor(() => expect(byTestId('api-key-list')?.textContent).toContain(KEY));
    expect(page.text()).not.toContain(SECRET);

    await click(button('Disable'));
    await page.waitFor(() => expect(byTestId('api-key-list')?.textContent).toContain('Disabled'));
  });
});
