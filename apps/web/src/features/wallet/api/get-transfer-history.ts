import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TransferHistoryCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { LOG_PAGE_SIZE, nextPage, WALLET } from './keys';

/** GET /api/wallet/hzhistory: transfers between wallets, 20 per page. */
export function useTransferHistory() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...WALLET, 'transfers'],
      queryFn: ({ pageParam, signal }) =>
        call(TransferHistoryCall, { page: pageParam, limit: LOG_PAGE_SIZE }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: useIsLoggedIn(),
    }),
  );
}
