import { useInfiniteQuery } from '@tanstack/react-query';
import { C2cPlatformCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';
import { nextPage } from './paged';
import type { Side } from './paged';

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
