import { queryOptions, useQuery } from '@tanstack/react-query';
import { ShopDealCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { SHOP } from './keys';

/** GET /api/legal_deal: one deal I am a party to; polled while it is still moving. */
export function useDeal(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...SHOP, 'deal', id],
      queryFn: ({ signal }) => call(ShopDealCall, { id }, { signal, toast: false }),
      enabled: id > 0,
      refetchInterval: (q) => ([0, 3, 4].includes(q.state.data?.is_sure ?? 1) ? 5000 : false),
    }),
  );
}
