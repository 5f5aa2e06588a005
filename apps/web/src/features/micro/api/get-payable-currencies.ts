import { queryOptions, useQuery } from '@tanstack/react-query';
import { PayableCurrenciesCall } from '@oryx/contracts/micro/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { microKeys } from './keys';

/** Balances refresh every 10 s while logged in (the seconds page's balance rule). */
export const BALANCE_POLL_MS = 10_000;

export const payableCurrenciesOptions = () =>
  queryOptions({
    queryKey: microKeys.currencies,
    queryFn: ({ signal }) => call(PayableCurrenciesCall, {}, { signal, toast: false }),
  });

/** GET /api/microtrade/payable_currencies: the stake currencies with the user's micro balances. */
export function usePayableCurrencies() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...payableCurrenciesOptions(), enabled: loggedIn, refetchInterval: BALANCE_POLL_MS });
}
