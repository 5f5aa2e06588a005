import { useQuery } from '@tanstack/react-query';
import { DepositListCall } from '@oryx/contracts/earning/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { EARNING } from './keys';

/** POST /api/wallet/depositlist: per currency, what can be deposited and what is locked. */
export function useDepositList() {
  return useQuery({
    queryKey: [...EARNING, 'wallet'],
    queryFn: ({ signal }) => call(DepositListCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });
}
