import { useQuery } from '@tanstack/react-query';
import { GetNodeCall } from '@oryx/contracts/team/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { TEAM } from './keys';

/** POST /api/getNode: one level of the caller's tree (the caller's own level without `userId`). */
export function useTreeNode(userId: number | undefined, enabled = true) {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: [...TEAM, 'node', userId ?? 'me'],
    queryFn: ({ signal }) => call(GetNodeCall, userId === undefined ? {} : { user_id: userId }, { signal }),
    enabled: isLoggedIn && enabled,
    staleTime: 30_000,
  });
}
