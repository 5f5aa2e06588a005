import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiLogin, loginViaApi, registerViaApi, uniqueEmail } from './helpers/auth';
import { cardPng } from './helpers/images';
import { freshTrader, SHOP_TRADE_PASSWORD } from './helpers/shop-users';
import en from '../../../packages/i18n/locales/en/console.json' with { type: 'json' };

/** The operator console: the role gate, identity approval, four-eyes on a large credit, a market closed and reopened. */

const api = async (
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
) => {
  const res =
    method === 'GET'
      ? await request.get(url, { headers: { authorization: token } })
      : await request.post(url, { headers: { authorization: token }, data });
  return (await res.json()) as { type: string; message: any; code?: string };
};

test.describe('operator console', () => {
  test('a user without a staff role is refused; an auditor sees the dashboard but no actions', async ({
    page,
  }) => {
    await page.goto('/#/console');
    await expect(page.getByTestId('console-gate')).toContainText(en.gate.signIn);
    await loginViaApi(page, 'demo1@oryx.local');
    await page.goto('/#/console');
    await expect(page.getByTestId('console-gate')).toContainText(en.gate.noRole);

    await loginViaApi(page, 'auditor@oryx.local');
    await page.goto('/#/console');
    await expect(page.getByRole('heading', { name: en.dashboard.title })).toBeVisible();
    await page.getByRole('button', { name: en.dashboard.runNow }).click();
    await expect(page.getByTestId('ledger-check')).toContainText(en.dashboard.balanced);
    await page.goto('/#/console/markets');
    await expect(page.getByRole('checkbox').first()).toBeDisabled();
  });

  test('an operator approves an identity submission with its three images', async ({ page, request }) => {
    const email = uniqueEmail('kyc');
    await registerViaApi(request, email, 'secret-123');
    const { token } = await apiLogin(request, email, 'secret-123');
    const pics: string[] = [];
    for (const hue of [
      [200, 80, 60],
      [60, 160, 200],
      [90, 200, 120],
    ] as [number, number, number][]) {
      const res = await request.post('/api/upload', {
        headers: { authorization: token },
        multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: cardPng(hue) } },
      });
      pics.push(((await res.json()) as { message: string }).message);
    }
    const name = `Console Tester ${Date.now() % 100000}`;
    const sent = await api(request, token, 'POST', '/api/user/real_name', {
      name,
      card_id: `ID${Date.now()}`,
      front_pic: pics[0],
      reverse_pic: pics[1],
      hand_pic: pics[2],
    });
    expect(sent.type).toBe('ok');

    await loginViaApi(page, 'operator@oryx.local');
    await page.goto('/#/console/kyc');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByRole('img')).toHaveCount(3);
    await row.getByRole('button', { name: en.action.approve }).click();
    await expect(row).toHaveCount(0);
    const info = await api(request, token, 'GET', '/api/user/info');
    expect(info.message.review_status).toBe(2);
  });

  test('a large deposit claim needs a second operator: the first cannot approve it twice', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('claim');
    await registerViaApi(request, email, 'secret-123');
    const { token } = await apiLogin(request, email, 'secret-123');
    const account = `BANK-${Date.now()}`;
    expect(
      (
        await api(request, token, 'POST', '/api/wallet/charge_req', {
          currency: 1,
          amount: '25000',
          account,
          // The transaction the claim is for: one transaction is credited once.
          tx_hash: `0x${Date.now().toString(16).padStart(64, '0')}`,
          type: 'erc20',
        })
      ).type,
    ).toBe('ok');

    await loginViaApi(page, 'operator@oryx.local');
    await page.goto('/#/console/claims');
    const row = page.getByRole('row', { name: new RegExp(account) });
    await row.getByRole('button', { name: en.action.confirm }).click();
    await expect(page.getByText(en.fourEyes.requested)).toBeVisible();
    await expect(row).toContainText(en.claims.status0);
    await row.getByRole('button', { name: en.action.confirm }).click();
    await expect(page.getByText(/second operator must approve this: you requested it/)).toBeVisible();

    await loginViaApi(page, 'operator2@oryx.local');
    await page.goto('/#/console/claims');
    await page
      .getByRole('row', { name: new RegExp(account) })
      .getByRole('button', { name: en.action.confirm })
      .click();
    await expect(page.getByRole('row', { name: new RegExp(account) })).toContainText(en.claims.status1);

    await page.goto('/#/console/audit');
    await expect(page.getByRole('table', { name: en.audit.title })).toContainText('/api/admin/funding/claim');
  });

  test('an operator closes a market for spot orders and reopens it without a restart', async ({
    page,
    request,
  }) => {
    const { token } = await apiLogin(request, 'demo2@oryx.local');
    await loginViaApi(page, 'operator@oryx.local');
    await page.goto('/#/console/markets');
    const spot = page.getByRole('checkbox', { name: `LTC/USDT ${en.markets.spot}` });
    await expect(spot).toBeChecked(); // loaded: LTC/USDT is open for spot
    await spot.click(); // the switch follows the server's answer
    await expect(spot).not.toBeChecked();
    const order = { match_id: 3, target_price: '1', amount: '2', type: 1 };
    const refused = await request.post('/api/coin/trade', { headers: { authorization: token }, data: order });
    expect(((await refused.json()) as { type: string }).type).toBe('error');
    await spot.click();
    await expect(spot).toBeChecked();
    const placed = (await (
      await request.post('/api/coin/trade', { headers: { authorization: token }, data: order })
    ).json()) as {
      type: string;
      order: { id: number };
    };
    expect(placed.type).toBe('ok');
    await request.put('/api/coin/trade', {
      headers: { authorization: token },
      data: { id: placed.order.id },
    });
  });

  test('an operator decides a P2P appeal: the coins go to the buyer', async ({ page, request }) => {
    test.setTimeout(120_000);
    const buyer = await freshTrader(request, 'appeal-buyer');
    const list = await (
      await request.get('/api/legal_deal_platform', { params: { type: 'sell', page: 1, currency_id: 1 } })
    ).json();
    const ad = list.message.data.find((a: { seller_name: string }) => a.seller_name === 'Oryx Demo Shop');
    const post = async (url: string, data: object, token: string) =>
      (await (await request.post(url, { headers: { authorization: token }, data })).json()) as {
        type: string;
        message: any;
        data?: any;
      };
    const taken = await post(
      '/api/do_legal_deal',
      { id: ad.id, means: 'number', value: '20', password: SHOP_TRADE_PASSWORD },
      buyer.token,
    );
    expect(taken.type, JSON.stringify(taken.message)).toBe('ok');
    const dealId = taken.message.data.id as number;
    expect(
      (await post('/api/user_legal_pay', { id: dealId, password: SHOP_TRADE_PASSWORD }, buyer.token)).type,
    ).toBe('ok');
    const note = `paid by bank, no release ${Date.now() % 100000}`;
    expect((await post('/api/legal/arbitrate', { id: dealId, note }, buyer.token)).type).toBe('ok');

    await loginViaApi(page, 'operator@oryx.local');
    await page.goto('/#/console/appeals');
    const row = page.getByRole('row', { name: new RegExp(note) });
    await expect(row).toContainText(buyer.email);
    await row.getByRole('button', { name: en.appeals.release }).click();
    // A decision that moves escrow needs a written reason.
    await expect(page.getByTestId('escrow-decide-ok')).toBeDisabled();
    await page.getByTestId('escrow-reason').fill('Bank statement shows the payment');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(en.appeals.done.release).first()).toBeVisible();
    await expect(row).toHaveCount(0); // decided: no longer waiting
  });
});
