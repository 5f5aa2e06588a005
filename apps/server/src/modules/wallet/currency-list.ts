import type { AppContext } from '../../lib/context';
import { catalogRepo } from '../catalog/repo';
import { balanceFields, loadBalances } from './service';

/** `currency/user_currency_list`: displayed currencies, their wallet flags and the caller's balances. */
export async function userCurrencyList(ctx: AppContext, userId: number | undefined) {
  const currencies = (await catalogRepo.currencies(ctx.db)).filter((c) => c.is_display === 1);
  const get = userId === undefined ? null : await loadBalances(ctx.db, userId);
  return currencies.map((c) => ({
    id: c.id,
    name: c.name,
    is_legal: c.is_legal,
    is_lever: c.is_lever,
    is_match: c.is_match,
    is_micro: c.is_micro,
    decimals: c.scale,
    // A visitor has none; the reply schema keeps the four available balances (UserCurrencyRow).
    wallet: get && balanceFields(c, get),
  }));
}
