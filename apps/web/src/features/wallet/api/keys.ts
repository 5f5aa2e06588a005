/** Every wallet query lives under this key: a transfer refreshes them all. */
export const WALLET = ['wallet'] as const;
/** Log pages: 20 rows, at most 50 pages loaded (1,000 rows). */
export const LOG_PAGE_SIZE = 20;
const PAGES_MAX = 50;

/** The next page of a paged log, until the last one or PAGES_MAX. */
export const nextPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page && last.current_page < PAGES_MAX ? last.current_page + 1 : undefined;
