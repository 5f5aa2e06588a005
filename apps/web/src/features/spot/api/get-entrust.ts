import { useInfiniteQuery } from '@tanstack/react-query';
import { EntrustBuyingCall, EntrustCompletedCall, EntrustSellingCall } from '@oryx/contracts/spot/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { spotKeys, type EntrustTab } from './keys';

const ENTRUST_CALLS = {
  selling: EntrustSellingCall,
  buying: EntrustBuyingCall,
  completed: EntrustCompletedCall,
};

/** The entrust page: my selling, buying or completed entrusts, page by page. */
export function useEntrust(tab: EntrustTab) {
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: spotKeys.entrust(tab),
    enabled: loggedIn,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(ENTRUST_CALLS[tab], { page: pageParam }, { signal, toast: false }),
    getNextPageParam: (last) => (last.page < last.last_page ? last.page + 1 : undefined),
  });
}
