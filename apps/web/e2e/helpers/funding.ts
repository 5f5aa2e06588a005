/**
 * Fresh users for coin deposit and withdrawal journeys, made through the API (the UI is not the point
 * there), and their USDT balance:
 *
 *   import { USDT, newcomerWithTradePassword, usdt } from './helpers/funding';
 *   const { email, token } = await newcomerWithTradePassword(request, 'funding', PASSWORD, TRADE);
 *   expect(await usdt(request, token)).toEqual(['20000.00000000', '0.00000000']);
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin, ownAccountCode, registerViaApi, uniqueEmail } from './auth';

export const USDT = 1;

export type Reply<T> = { type: string; message: T };

/** change wallet USDT of the caller: [available, frozen]. */
export async function usdt(request: APIRequestContext, token: string): Promise<[string, string]> {
  const res = await request.post('/api/wallet/list', { headers: { authorization: token }, data: {} });
  const body = (await res.json()) as Reply<{
    change_wallet: { balance: { currency: number; change_balance: string; lock_change_balance: string }[] };
  }>;
  const row = body.message.change_wallet.balance.find((r) => r.currency === USDT)!;
  return [row.change_balance, row.lock_change_balance];
}

/**
 * A new user (a unique e-mail starting with `prefix`) registered with `password`, with the trade
 * password `trade` set with a code sent to the user's own e-mail.
 */
export async function newcomerWithTradePassword(
  request: APIRequestContext,
  prefix: string,
  password: string,
  trade: string,
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(prefix);
  await registerViaApi(request, email, password);
  const { token } = await apiLogin(request, email, password);
  const code = await ownAccountCode(request, { email, token }, 'trade_password');
  const set = await request.post('/api/safe/update_password', {
    headers: { authorization: token },
    data: { password: trade, re_password: trade, code },
  });
  expect(((await set.json()) as Reply<string>).type).toBe('ok');
  return { email, token };
}
