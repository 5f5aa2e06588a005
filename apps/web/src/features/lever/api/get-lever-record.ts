import { useInfiniteQuery } from '@tanstack/react-query';
import { LEVER_PAGE_SIZE } from '@oryx/contracts/lever/calls';
import { WalletLegalLogCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { leverKeys } from './keys';

/** POST /api/wallet/legal_log with type 'lever': the lever account's movements of one coin, 10 a page. */
export function useLeverRecord(currencyId: number) {
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: leverKeys.record(currencyId),
    enabled: loggedIn,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(
        WalletLegalLogCall,
        {
          type: 'lever',
          ...(currencyId > 0 ? { currency: currencyId } : {}),
          page: pageParam,
          limit: LEVER_PAGE_SIZE,
        },
        { signal, toast: false },
      ),
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
}
