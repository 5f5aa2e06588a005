import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AccountLogCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { LOG_PAGE_SIZE, nextPage, WALLET } from './keys';

/** POST /api/account/list: every balance movement, 20 per page. */
export function useAccountLog() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...WALLET, 'account-log'],
      queryFn: ({ pageParam, signal }) =>
        call(AccountLogCall, { page: pageParam, limit: LOG_PAGE_SIZE }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: useIsLoggedIn(),
    }),
  );
}
