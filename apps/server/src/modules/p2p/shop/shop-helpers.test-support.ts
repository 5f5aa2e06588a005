/** Helpers of the merchant-shop integration tests: ready parties, shop set-up, balances. */
import type { TestApp } from '../../../../test/harness';
import { ledger, userAccount } from '../../ledger/service';
import { PW, USDT, type Party } from '../test-helpers';

export { escrow, legal, PW, ready, U, USDT, type Party } from '../test-helpers';

export const shopBal = async (t: TestApp, id: number) =>
  (await ledger.balance(t.app.ctx.db, userAccount(id, 'shop'), USDT)).availableMinor;
export const post = (t: TestApp, p: Party, path: string, body: Record<string, unknown>) =>
  t.call('POST', path, { password: PW, ...body }, { token: p.token });
export const get = (t: TestApp, p: Party | null, path: string, q: Record<string, unknown>) =>
  t.call('GET', path, q, p ? { token: p.token } : {});

/** The admin opens a USDT shop for the user's account and the seller moves `fund` coins into it. */
export async function openShopFor(t: TestApp, admin: Party, email: string, fund: string): Promise<number> {
  const r = await post(t, admin, '/api/admin/p2p/open_shop', {
    account: email,
    currency_id: USDT,
    name: 'Test Shop',
  });
  if (r.body.type !== 'ok') {
    const existing = await t.app.ctx.db
      .selectFrom('p2p_shops')
      .select('id')
      .where('user_id', '=', await t.userId(email))
      .where('currency_id', '=', USDT)
      .executeTakeFirstOrThrow();
    return existing.id;
  }
  const shopId = r.body.message.id as number;
  const owner = { id: r.body.message.user_id as number, token: await t.tokenFor(email) };
  await post(t, owner, '/api/seller/transfer', { number: fund, type: 'in', seller_id: shopId });
  return shopId;
}

export const sellAd = {
  type: 'sell',
  price: '7.00',
  total_number: '10',
  // Per-deal limits are fiat money: 7 CNY to 35 CNY (1 to 5 coins at 7.00).
  min_number: '7',
  max_number: '35',
  way: 'bank',
  currency_id: USDT,
  coin_code: 'CNY',
};

export async function lastAdOf(t: TestApp, p: Party, shopId: number): Promise<number> {
  const r = await get(t, p, '/api/seller_trade', { id: shopId, page: 1, is_done: 0 });
  return r.body.message.data[0].id as number;
}
