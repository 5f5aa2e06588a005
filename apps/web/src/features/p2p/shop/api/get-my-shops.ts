import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyShopsCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { SHOP } from './keys';

/** GET /api/my_seller: my shops with their balances (a seller has one per currency). */
export function useMyShops() {
  return useQuery(
    queryOptions({
      queryKey: [...SHOP, 'mine'],
      queryFn: ({ signal }) => call(MyShopsCall, { page: 1 }, { signal, toast: false }),
    }),
  );
}
