import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ShopPlatformCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { nextPage, SHOP } from './keys';

/** GET /api/legal_deal_platform: shop ads on the shelf of one side and currency, 10 a page. */
export function usePlatform(filter: { type: 'buy' | 'sell'; currency_id?: number }) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...SHOP, 'platform', filter.type, filter.currency_id ?? 0],
      queryFn: ({ pageParam, signal }) =>
        call(ShopPlatformCall, { ...filter, page: pageParam }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );
}
