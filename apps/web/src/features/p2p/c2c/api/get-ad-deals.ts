import { useInfiniteQuery } from '@tanstack/react-query';
import { C2cAdDealsCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';
import { nextPage } from './paged';

/** GET /api/c2c/legal_send_deal_list: the deals taken on one of my ads. */
export function useAdDeals(adId: number) {
  return useInfiniteQuery({
    queryKey: c2cKeys.adDeals(adId),
    enabled: adId > 0,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(C2cAdDealsCall, { id: adId, page: pageParam }, { signal, toast: false }),
    getNextPageParam: nextPage,
  });
}
