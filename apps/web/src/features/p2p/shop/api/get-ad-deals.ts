import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ShopAdDealsCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { nextPage, SHOP } from './keys';

/** GET /api/legal_send_deal_list: deals on one of my ads (`id`) or on one of my shops (`shop_id`). */
export function useAdDeals(filter: { id?: number; shop_id?: number; is_sure?: number }) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...SHOP, 'ad-deals', filter.id ?? 0, filter.shop_id ?? 0, filter.is_sure ?? -1],
      queryFn: ({ pageParam, signal }) =>
        call(ShopAdDealsCall, { ...filter, page: pageParam }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );
}
