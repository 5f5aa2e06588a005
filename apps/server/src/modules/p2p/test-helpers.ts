/** What the C2C integration tests share: ready parties (trade password, details, coins), calls, balances. */
import { demoCredit } from '../../../test/accounts';
import type { TestApp } from '../../../test/harness';
import { TEST_HASH_LOG2N } from '../../../test/harness';
import { hashPassword } from '../auth/password';
import { ledger, systemAccount, userAccount } from '../ledger/service';

export const USDT = 1;
export const U = 100_000_000n;
export const PW = 'trade-pw-1';

export interface Party {
  id: number;
  token: string;
}

/** Payment details, written as the binding calls would (they need a code and a second factor). */
export async function paymentDetails(t: TestApp, userId: number): Promise<void> {
  await t.app.ctx.db
    .insertInto('user_cash_info')
    .values({
      user_id: userId,
      real_name: `Name ${userId}`,
      bank_name: 'Bank',
      bank_account: `62220${userId}`,
      alipay_account: `ali${userId}`,
      wechat_nickname: '',
      wechat_account: `wx${userId}`,
      alipay_collect: '',
      wechat_collect: '',
      updated_at: t.clock.now(),
    })
    .execute();
}

/**
 * A user with a trade password, verified (unless told), with payment details (unless told) and 100 USDT
 * in the legal wallet.
 */
export async function ready(
  t: TestApp,
  email: string,
  opts: { cash?: boolean; verified?: boolean } = {},
): Promise<Party> {
  const id = await t.userId(email);
  const db = t.app.ctx.db;
  await db
    .updateTable('users')
    .set({
      trade_password_hash: await hashPassword(PW, TEST_HASH_LOG2N),
      review_status: opts.verified === false ? 0 : 2,
    })
    .where('id', '=', id)
    .execute();
  if (opts.cash !== false) {
    await db.deleteFrom('user_cash_info').where('user_id', '=', id).execute();
    await paymentDetails(t, id);
  }
  await demoCredit(t, id, 'legal', USDT, 100n * U, `${id}-${t.clock.now()}-${Math.random()}`);
  return { id, token: await t.tokenFor(email) };
}

export const legal = async (t: TestApp, id: number) =>
  (await ledger.balance(t.app.ctx.db, userAccount(id, 'legal'), USDT)).availableMinor;
export const escrow = async (t: TestApp) =>
  (await ledger.balance(t.app.ctx.db, systemAccount('c2c_escrow'), USDT)).availableMinor;

export const sellAd = {
  type: 'sell',
  price: '7.10',
  total_number: '2',
  way: 'bank',
  currency_id: 1,
  coin_code: 'CNY',
};

export const post = (t: TestApp, p: Party, body: Record<string, unknown>) =>
  t.call('POST', '/api/c2c_send', { password: PW, ...body }, { token: p.token });
export const call = (t: TestApp, p: Party, path: string, id: number) =>
  t.call('POST', path, { id, password: PW }, { token: p.token });
export async function lastAdOf(t: TestApp, p: Party): Promise<number> {
  const r = await t.call('GET', '/api/c2c/seller_trade', { page: '1' }, { token: p.token });
  return r.body.message.data[0].id as number;
}
