import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ShopInfoCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { SHOP } from './keys';

/** GET /api/seller_info: a shop's page (figures on every page, its ads 10 a page). */
export function useShopInfo(id: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...SHOP, 'info', id],
      queryFn: ({ pageParam, signal }) =>
        call(ShopInfoCall, { id, page: pageParam }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: (last) =>
        last.lists.current_page < last.lists.last_page ? last.lists.current_page + 1 : undefined,
      enabled: id > 0,
    }),
  );
}
