/** Every shop query lives under this key: a deal action or a transfer refreshes them all. */
export const SHOP = ['shop'] as const;

/** The next page of a paged list (10 a page), until the last one. */
export const nextPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page ? last.current_page + 1 : undefined;
