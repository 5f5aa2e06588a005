import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MyTeamCall } from '@oryx/contracts/team/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { nextPage, TEAM, TEAM_PAGE_SIZE } from './keys';

/** GET /api/user/my_team: the direct invitees, 10 per page, with the team counts. */
export function useMyTeam() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...TEAM, 'members'],
      queryFn: ({ pageParam, signal }) =>
        call(MyTeamCall, { page: pageParam, limit: TEAM_PAGE_SIZE }, { signal }),
      initialPageParam: 1,
      getNextPageParam: (last) => nextPage(last.team),
      enabled: useIsLoggedIn(),
    }),
  );
}
