import { useQuery } from '@tanstack/react-query';
import { AccountCentreCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { WALLET } from './keys';

/** GET /api/wallet/list: the account centre (per coin, all wallets together). */
export function useAccountCentre() {
  return useQuery({
    queryKey: [...WALLET, 'centre'],
    queryFn: ({ signal }) => call(AccountCentreCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });
}
