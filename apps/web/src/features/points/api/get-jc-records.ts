import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { JcRecordsCall } from '@oryx/contracts/points/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { nextPage, POINTS } from './keys';

/** GET /api/jc/exchange: the caller's JC exchanges, 10 per page. */
export function useJcRecords(enabled = true) {
  const isLoggedIn = useIsLoggedIn();
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...POINTS, 'records'],
      queryFn: ({ pageParam, signal }) => call(JcRecordsCall, { page: pageParam }, { signal }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: isLoggedIn && enabled,
    }),
  );
}
