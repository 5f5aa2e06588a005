import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { RegionUsersCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { ACCEPTOR, nextPage } from './keys';

/** GET /api/user/region_users: a region agent's users, 10 a page (anyone else: REGION_NOT_AGENT). */
export const useRegionUsers = (enabled: boolean) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...ACCEPTOR, 'region-users'],
      queryFn: ({ pageParam, signal }) =>
        call(RegionUsersCall, { page: pageParam }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled,
      retry: false,
    }),
  );
