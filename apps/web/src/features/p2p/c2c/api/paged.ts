import { P2P_PAGE_SIZE } from '@oryx/contracts/p2p/calls';

/** The next page of a C2C list (10 a page): none once a page came back short or was the last. */
export const nextPage = (last: { data: unknown[]; current_page: number; last_page: number }) =>
  last.data.length >= P2P_PAGE_SIZE && last.current_page < last.last_page ? last.current_page + 1 : undefined;

/** An ad's side: `buy` ads are answered by sellers, `sell` ads by buyers. */
export type Side = 'buy' | 'sell';
