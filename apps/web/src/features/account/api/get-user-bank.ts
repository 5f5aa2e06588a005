import { useQuery } from '@tanstack/react-query';
import { UserBankCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { ACCOUNT } from './keys';

/** The user's bound bank account. */
export const useUserBank = () =>
  useQuery({
    queryKey: [...ACCOUNT, 'bank'],
    queryFn: ({ signal }) => call(UserBankCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });
