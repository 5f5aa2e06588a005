import { queryOptions, useQuery } from '@tanstack/react-query';
import { NewsDetailCall } from '@oryx/contracts/news/calls';
import { call } from '@/shared/api/client';
import { ApiError } from '@/shared/api/errors';

/** POST /api/news/detail {id}: one article in the visitor's language (English when untranslated). */
export const newsDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['news', 'detail', id],
    queryFn: ({ signal }) => call(NewsDetailCall, { id }, { signal, toast: false }),
    staleTime: 5 * 60_000,
    // A missing article stays missing; only network trouble is worth another try.
    retry: (count, err) => !(err instanceof ApiError) && count < 2,
  });

export function useNewsDetail(id: number | null) {
  return useQuery({ ...newsDetailQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
