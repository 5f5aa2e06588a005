import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { RecordListsCall } from '@oryx/contracts/earning/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { EARNING, nextPage, RECORD_PAGE_SIZE } from './keys';

/** POST /api/record/lists: the caller's deposits, 10 per page. */
export function useDepositRecords() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...EARNING, 'records'],
      queryFn: ({ pageParam, signal }) =>
        call(RecordListsCall, { page: pageParam, limit: RECORD_PAGE_SIZE }, { signal }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: useIsLoggedIn(),
    }),
  );
}
