/**
 * Helpers for the integration tests of earning, team, points and exchange: a fresh user with a trade
 * password and a funded spot wallet, and balances in whole-unit decimal strings.
 */
import { formatMinor } from '@oryx/contracts/money';
import type { TestApp } from '../../../test/harness';
import { TEST_HASH_LOG2N } from '../../../test/harness';
import { demoCredit, registerAndLogin } from '../../../test/accounts';
import { hashPassword } from '../auth/password';
import { ledger, userAccount, type UserWallet } from '../ledger/service';

export const USDT = 1;
export const BTC = 2;
export const U = 100_000_000n;
export const TRADE_PW = 'trade-pw-1';

let seq = 0;
export interface TestUser {
  id: number;
  token: string;
  code: string;
}

/** Registers a user (invited by `invite`, an extension code), sets a trade password, credits spot USDT. */
export async function freshUser(
  t: TestApp,
  opts: { invite?: string; usdtMinor?: bigint; name?: string } = {},
): Promise<TestUser> {
  const email = `${opts.name ?? 'earn'}${++seq}-${Date.now() % 100000}@example.com`;
  const { token, id } = await registerAndLogin(t, email, opts.invite ? { invite: opts.invite } : {});
  const db = t.app.ctx.db;
  await db
    .updateTable('users')
    .set({ trade_password_hash: await hashPassword(TRADE_PW, TEST_HASH_LOG2N) })
    .where('id', '=', id)
    .execute();
  if (opts.usdtMinor) await credit(t, id, USDT, opts.usdtMinor);
  const code = (
    await db.selectFrom('users').select('extension_code').where('id', '=', id).executeTakeFirstOrThrow()
  ).extension_code;
  return { id, token, code };
}

/** Credits the user's spot (`change`) wallet from genesis. */
export const credit = (t: TestApp, userId: number, currencyId: number, amountMinor: bigint) =>
  demoCredit(t, userId, 'change', currencyId, amountMinor, userId);

export async function bal(t: TestApp, userId: number, currencyId: number, wallet: UserWallet = 'change') {
  const b = await ledger.balance(t.app.ctx.db, userAccount(userId, wallet), currencyId);
  return { available: formatMinor(b.availableMinor, 8), frozen: formatMinor(b.frozenMinor, 8) };
}
