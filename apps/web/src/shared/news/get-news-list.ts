import { queryOptions, useQuery } from '@tanstack/react-query';
import { NewsListCall } from '@oryx/contracts/news/calls';
import { call } from '../api/client';

export { NEWS_CATEGORIES } from '@oryx/contracts/news/calls';

/**
 * POST /api/news/list {c_id}: articles of one category (notices, banners, about, support...). Shared
 * because the header, the footer, the home page and the help centre all list articles.
 */
export function getNewsList(cId: number, signal?: AbortSignal) {
  return call(NewsListCall, { c_id: cId }, { signal, toast: false });
}

export const newsListQueryOptions = (cId: number) =>
  queryOptions({
    queryKey: ['news', 'list', cId],
    queryFn: ({ signal }) => getNewsList(cId, signal),
    staleTime: 5 * 60_000,
  });

export function useNewsList(cId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...newsListQueryOptions(cId), enabled: options.enabled ?? true });
}

/** Link to one article. */
export const noticeDetailPath = (id: number | string) => `/components/noticeDetail?id=${id}`;
