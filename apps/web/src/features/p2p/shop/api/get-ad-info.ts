import { queryOptions, useQuery } from '@tanstack/react-query';
import { ShopAdInfoCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { SHOP } from './keys';

/** GET /api/legal_deal_info: one ad before taking it, with my legal balance. */
export function useAdInfo(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...SHOP, 'ad-info', id ?? 0],
      queryFn: ({ signal }) => call(ShopAdInfoCall, { id: id ?? 0 }, { signal }),
      enabled: id !== null,
    }),
  );
}
