import { useQuery } from '@tanstack/react-query';
import { WalletListCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { WALLET } from './keys';

/** POST /api/wallet/list: the four trading wallets and the deposit wallet with totals. */
export function useWalletList() {
  return useQuery({
    queryKey: [...WALLET, 'list'],
    queryFn: ({ signal }) => call(WalletListCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });
}
