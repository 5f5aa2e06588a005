/** Every points query lives under this key: an exchange or a binding refreshes them all. */
export const POINTS = ['points'] as const;
const PAGES_MAX = 50;

export const nextPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page && last.current_page < PAGES_MAX ? last.current_page + 1 : undefined;
