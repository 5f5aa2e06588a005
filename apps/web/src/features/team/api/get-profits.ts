import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ShowProfitsCall } from '@oryx/contracts/team/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { nextPage, TEAM, TEAM_PAGE_SIZE } from './keys';

/** GET /api/profits/show_profits: referral commissions, 10 per page. */
export function useProfits() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...TEAM, 'profits'],
      queryFn: ({ pageParam, signal }) =>
        call(ShowProfitsCall, { page: pageParam, limit: TEAM_PAGE_SIZE }, { signal }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: useIsLoggedIn(),
    }),
  );
}
