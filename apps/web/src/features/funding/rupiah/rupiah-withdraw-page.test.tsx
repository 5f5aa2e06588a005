// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayLogCall, PayQuoteCall, PayWithdrawCall } from '@oryx/contracts/funding/pay-calls';
import { SecurityOverviewCall } from '@oryx/contracts/security/calls';
import { contractFetch, handle, Refusal } from '@/shared/testing/contract-fetch';
import { click, fillIn, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import RupiahWithdrawPage from './rupiah-withdraw-page';

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});
const $ = <T extends Element>(selector: string) => page!.container.querySelector<T>(selector)!;

describe('rupiah withdrawal page', () => {
  it('with two-factor on: asks for the code when the server does and sends it as totp_code', async () => {
    const server = contractFetch([
      handle(PayQuoteCall, () => ({
        currency_name: 'USDT',
        idr_rate: '16000',
        min_idr: 10_000,
        max_idr: 100_000_000,
        out_fee_percent: '1',
        channels: ['WEPAY'],
        is_sandbox: true,
        bank: { bank_code: 'BRI', bank_name: 'BRI', receive_name: 'Budi', receive_account: '1234567890' },
      })),
      handle(PayLogCall, () => ({ data: [], current_page: 1, last_page: 1, total: 0 })),
      handle(SecurityOverviewCall, () => ({ two_factor: false, recovery_left: 0, anti_phishing: '' })),
      handle(PayWithdrawCall, (input) =>
        input.totp_code === '123456'
          ? { id: 1, status: 2, fee: '1.00000000', amount_idr: 1_584_000 }
          : (new Refusal('Enter your two-factor code', 'TWO_FACTOR_REQUIRED') as never),
      ),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<RupiahWithdrawPage />, '/rupiahWithdraw?currency=1');
    await page.waitFor(() => expect($('[data-testid="rupiah-withdraw"]')).not.toBeNull());
    expect($('input[name="totp_code"]')).toBeNull();
    await fillIn($<HTMLInputElement>('[data-testid="rupiah-withdraw"] input[inputmode="decimal"]'), '100');
    await fillIn($<HTMLInputElement>('[data-testid="rupiah-withdraw"] input[type="password"]'), 'trade-1');
    await click($('[data-testid="rupiah-withdraw"] button[type="submit"]'));
    await page.waitFor(() => expect($('input[name="totp_code"]')).not.toBeNull());
    await fillIn($<HTMLInputElement>('input[name="totp_code"]'), '123456');
    await click($('[data-testid="rupiah-withdraw"] button[type="submit"]'));
    await page.waitFor(() => expect(page!.text()).toContain('Rp 1.584.000 sent to your bank card'));
    expect(server.calls.filter((c) => c.path === PayWithdrawCall.path).at(-1)?.input).toMatchObject({
      currency: 1,
      number: '100',
      pay_password: 'trade-1',
      totp_code: '123456',
    });
  });
});
