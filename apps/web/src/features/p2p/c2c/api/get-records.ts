import { useInfiniteQuery } from '@tanstack/react-query';
import { C2cRecordsCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';
import { nextPage } from './paged';

/** GET /api/c2c_seller_deal: finished deals on my ads in one currency, optionally of one side. */
export function useRecords(currencyId: number, type: '' | 'buy' | 'sell') {
  return useInfiniteQuery({
    queryKey: c2cKeys.records(currencyId, type),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(
        C2cRecordsCall,
        {
          page: pageParam,
          ...(currencyId > 0 ? { currency_id: currencyId } : {}),
          ...(type ? { type } : {}),
        },
        { signal, toast: false },
      ),
    getNextPageParam: nextPage,
  });
}
