import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { WalletLegalLogCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { LOG_PAGE_SIZE, nextPage, WALLET } from './keys';

/** POST /api/wallet/legal_log: one wallet's (or every wallet's) log, optionally one coin, 20 per page. */
export function useWalletLog(filter: { type?: string; currency?: number }, enabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...WALLET, 'log', filter.type ?? 'all', filter.currency ?? 0],
      queryFn: ({ pageParam, signal }) =>
        call(
          WalletLegalLogCall,
          { ...filter, page: pageParam, limit: LOG_PAGE_SIZE },
          { signal, toast: false },
        ),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: useIsLoggedIn() && enabled,
    }),
  );
}
