/** Every funding query lives under this key; a withdrawal or binding refreshes them. */
export const FUNDING = ['funding'] as const;
/**
 * The wallet pages' keys (features/wallet/api/keys.ts): the same key shares one `wallet/list` cache, and
 * a withdrawal refreshes every wallet query.
 */
export const WALLETS = ['wallet'] as const;
export const WALLET_LIST = [...WALLETS, 'list'] as const;

/** Record pages: 20 rows, at most 50 pages loaded. */
const PAGES_MAX = 50;
export const nextPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page && last.current_page < PAGES_MAX ? last.current_page + 1 : undefined;
