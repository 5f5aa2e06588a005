import { useQuery } from '@tanstack/react-query';
import { UserCurrencyListCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';

/** GET /api/currency/user_currency_list: currencies with the wallets each is enabled for. */
export function useUserCurrencies() {
  return useQuery({
    queryKey: ['currencies', 'user'],
    queryFn: ({ signal }) => call(UserCurrencyListCall, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}
