import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NewsListCall } from '@oryx/contracts/news/calls';
import { call } from '@/shared/api/client';

/** Articles per page of the notice list. */
export const NOTICE_PAGE_SIZE = 10;
/** Pages loaded at most (100 articles): every list has a maximum. */
const PAGES_MAX = 10;

/** POST /api/news/list {c_id, page, limit}, page by page, for the help centre's "load more" list. */
export const newsPagesQueryOptions = (cId: number) =>
  infiniteQueryOptions({
    queryKey: ['news', 'pages', cId],
    queryFn: ({ pageParam, signal }) =>
      call(NewsListCall, { c_id: cId, page: pageParam, limit: NOTICE_PAGE_SIZE }, { signal, toast: false }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.current_page < last.last_page && last.current_page < PAGES_MAX ? last.current_page + 1 : undefined,
    staleTime: 60_000,
  });

export function useNewsPages(cId: number) {
  return useInfiniteQuery(newsPagesQueryOptions(cId));
}
