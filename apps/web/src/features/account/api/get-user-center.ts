import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserCenterCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { ACCOUNT } from './keys';

export const userCenterQuery = () =>
  queryOptions({
    queryKey: [...ACCOUNT, 'center'],
    queryFn: ({ signal }) => call(UserCenterCall, {}, { signal }),
  });

/** GET /api/user/center: review_status and the security facts of the settings page. */
export function useUserCenter() {
  return useQuery({ ...userCenterQuery(), enabled: useIsLoggedIn() });
}
