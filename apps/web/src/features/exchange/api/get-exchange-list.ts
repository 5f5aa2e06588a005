import { useQuery } from '@tanstack/react-query';
import { ExchangeListCall } from '@oryx/contracts/exchange/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { EXCHANGE } from './keys';

/** GET /api/exchange/list: coins with what the caller holds, the price now and the fee (refreshed every 10 s). */
export function useExchangeList() {
  return useQuery({
    queryKey: [...EXCHANGE, 'list'],
    queryFn: ({ signal }) => call(ExchangeListCall, {}, { signal }),
    enabled: useIsLoggedIn(),
    refetchInterval: 10_000,
  });
}
