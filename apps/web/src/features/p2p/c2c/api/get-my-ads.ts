import { useInfiniteQuery } from '@tanstack/react-query';
import { C2cMyAdsCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';
import { nextPage } from './paged';
import type { Side } from './paged';

/** GET /api/c2c/seller_trade: my ads of one side and currency (every status). */
export function useMyAds(type: Side, currencyId: number) {
  return useInfiniteQuery({
    queryKey: c2cKeys.myAds(type, currencyId),
    enabled: currencyId > 0,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(C2cMyAdsCall, { type, page: pageParam, currency_id: currencyId }, { signal, toast: false }),
    getNextPageParam: nextPage,
  });
}
