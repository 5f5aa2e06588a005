import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ShopBalanceLogCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { nextPage, SHOP } from './keys';

/** GET /api/seller/balance_log: one of my shop balances' movements, 10 a page. */
export function useBalanceLog(shopId: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...SHOP, 'balance-log', shopId],
      queryFn: ({ pageParam, signal }) =>
        call(ShopBalanceLogCall, { seller_id: shopId, page: pageParam }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: shopId > 0,
    }),
  );
}
