import { useQuery } from '@tanstack/react-query';
import { WalletDetailCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { WALLET } from './keys';

/** POST /api/wallet/detail: one coin's balances in every wallet. */
export function useWalletDetail(currencyId: number | undefined, type: string) {
  return useQuery({
    queryKey: [...WALLET, 'detail', currencyId, type],
    queryFn: ({ signal }) => call(WalletDetailCall, { currency: currencyId!, type }, { signal }),
    enabled: useIsLoggedIn() && currencyId !== undefined,
  });
}
