import { useQuery } from '@tanstack/react-query';
import { WalletListCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { WALLET_LIST } from './keys';

/** POST /api/wallet/list: the coins with a network (`type`), the change balances and `is_open_CTbi`. */
export function useWalletList() {
  return useQuery({
    queryKey: WALLET_LIST,
    queryFn: ({ signal }) => call(WalletListCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });
}
