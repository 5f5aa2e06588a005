import { useInfiniteQuery } from '@tanstack/react-query';
import { MicroListsCall, MICRO_LIST_LIMIT } from '@oryx/contracts/micro/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { microKeys } from './keys';

/** The user's closed orders (status 3), a page at a time. */
export function useClosedOrders(enabled: boolean) {
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: microKeys.closed,
    enabled: loggedIn && enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(MicroListsCall, { page: pageParam, status: 3, limit: MICRO_LIST_LIMIT }, { signal, toast: false }),
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
}
