import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ShopMyDealsCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { nextPage, SHOP } from './keys';

/** GET /api/legal_user_deal: shop deals I took, optionally one state, 10 a page. */
export function useMyDeals(filter: { is_sure?: number }) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...SHOP, 'my-deals', filter.is_sure ?? -1],
      queryFn: ({ pageParam, signal }) =>
        call(ShopMyDealsCall, { ...filter, page: pageParam }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );
}
