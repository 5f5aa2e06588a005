import { useInfiniteQuery } from '@tanstack/react-query';
import { C2cMyDealsCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';
import { nextPage } from './paged';

/** GET /api/c2c_user_deal: the deals I took, newest first. */
export function useMyDeals() {
  return useInfiniteQuery({
    queryKey: c2cKeys.myDeals,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => call(C2cMyDealsCall, { page: pageParam }, { signal, toast: false }),
    getNextPageParam: nextPage,
  });
}
