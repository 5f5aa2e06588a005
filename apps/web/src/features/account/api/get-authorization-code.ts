import { useQuery } from '@tanstack/react-query';
import { AuthorizationCodeCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { ACCOUNT } from './keys';

/** The user's authorization code, loaded only when the page asks for it. */
export const useAuthorizationCode = (enabled: boolean) =>
  useQuery({
    queryKey: [...ACCOUNT, 'authorization-code'],
    queryFn: ({ signal }) => call(AuthorizationCodeCall, {}, { signal }),
    enabled: useIsLoggedIn() && enabled,
    staleTime: Infinity,
  });
