/** The number of the last page of `total` rows at `limit` a page; an empty list still has page 1. */
export const lastPage = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit));
