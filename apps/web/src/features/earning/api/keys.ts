/** Every deposit-earning query lives under this key: a deposit refreshes them all. */
export const EARNING = ['earning'] as const;
/** Record pages of 10, at most 50 pages loaded. */
export const RECORD_PAGE_SIZE = 10;
const PAGES_MAX = 50;

export const nextPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page && last.current_page < PAGES_MAX ? last.current_page + 1 : undefined;
