/** Every team query lives under this key. */
export const TEAM = ['team'] as const;
export const TEAM_PAGE_SIZE = 10;
const PAGES_MAX = 50;

export const nextPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page && last.current_page < PAGES_MAX ? last.current_page + 1 : undefined;
