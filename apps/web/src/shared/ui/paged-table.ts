import type { TableProps } from './table';

/** What a paged list needs of an infinite query (a TanStack `useInfiniteQuery` result fits). */
export interface PagedQuery<TPage> {
  data?: { pages: readonly TPage[] } | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export type PagedTableProps<T> = Pick<
  TableProps<T>,
  'rows' | 'loading' | 'error' | 'onRetry' | 'paged' | 'hasMore' | 'loadingMore' | 'onLoadMore'
>;

/**
 * The `Table` props of a paged list read from an infinite query: the rows of every page loaded so far
 * (`rowsOf` picks them out of one page), the first load's skeleton, the error with its retry, and
 * "load more" while there is a next page. A page that differs (another loading flag, rows cut short)
 * passes that prop after the spread.
 */
export function pagedTable<TPage, T>(
  query: PagedQuery<TPage>,
  rowsOf: (page: TPage) => readonly T[],
): PagedTableProps<T> {
  return {
    rows: query.data?.pages.flatMap(rowsOf),
    loading: query.isPending,
    error: query.error,
    onRetry: () => void query.refetch(),
    paged: true,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
  };
}
