import type { SelectQueryBuilder } from 'kysely';

/** The number of the last page of `total` rows at `limit` a page; an empty list still has page 1. */
export const lastPage = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit));

/** Where a page starts: a 1-based page number, or a row offset, with its page size. */
export type PageAt = { page: number; limit: number } | { offset: number; limit: number };

/** One page of a list: its rows, the count of the whole list and the page math replies show. */
export interface Paged<R> {
  rows: R[];
  total: number;
  /** The 1-based page asked for (from the offset when asked by offset). */
  page: number;
  lastPage: number;
}

/**
 * The one paged list: counts the rows of `base` (its filters, no order) and reads one page of them,
 * shaped by `pick` (columns and order), `limit` rows from the page's offset. Repositories call it with
 * their own query; replies take `page`, `total` and `lastPage` from the result.
 */
export async function pagedQuery<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  at: PageAt,
  pick: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): Promise<Paged<R>> {
  const offset = 'offset' in at ? at.offset : (at.page - 1) * at.limit;
  const [rows, count] = await Promise.all([
    pick(base).limit(at.limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number | bigint | string>().as('n')).executeTakeFirst(),
  ]);
  const total = Number((count as { n?: number | bigint | string } | undefined)?.n ?? 0);
  const page = 'page' in at ? at.page : Math.floor(offset / at.limit) + 1;
  return { rows: rows as R[], total, page, lastPage: lastPage(total, at.limit) };
}
