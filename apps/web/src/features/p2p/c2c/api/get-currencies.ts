import { useQuery } from '@tanstack/react-query';
import { UserCurrencyListCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';

/**
 * GET /api/currency/user_currency_list, kept to the currencies of the legal wallet (the ones C2C ads
 * trade), with the caller's legal balance when logged in.
 */
export function useC2cCurrencies() {
  return useQuery({
    queryKey: c2cKeys.currencies,
    queryFn: ({ signal }) => call(UserCurrencyListCall, {}, { signal }),
    select: (rows) => rows.filter((r) => r.is_legal === 1),
    staleTime: 30_000,
  });
}
