import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ShopAdsCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { nextPage, SHOP } from './keys';

/** GET /api/seller_trade: the ads of one of my shops, open (is_done 0) or finished (1), 10 a page. */
export function useShopAds(id: number, isDone: 0 | 1) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...SHOP, 'ads', id, isDone],
      queryFn: ({ pageParam, signal }) =>
        call(ShopAdsCall, { id, is_done: isDone, page: pageParam }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: id > 0,
    }),
  );
}
