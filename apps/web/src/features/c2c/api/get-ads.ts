import { useInfiniteQuery } from '@tanstack/react-query';
import { C2cMyAdsCall, C2cPlatformCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';
import { nextPage } from './paged';

export type Side = 'buy' | 'sell';

/** GET /api/c2c_deal_platform: open ads of one side and currency, newest first, 10 a page. */
export function usePlatformAds(type: Side, currencyId: number) {
  return useInfiniteQuery({
    queryKey: c2cKeys.platform(type, currencyId),
    enabled: currencyId > 0,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(C2cPlatformCall, { type, page: pageParam, currency_id: currencyId }, { signal, toast: false }),
    getNextPageParam: nextPage,
  });
}

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
