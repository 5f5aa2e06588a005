import { useQuery } from '@tanstack/react-query';
import { CoinInfoCall } from '@oryx/contracts/funding/coin-calls';
import { call } from '@/shared/api/client';
import { FUNDING } from './keys';

/** POST /api/wallet/get_info: a coin's networks, terms, the caller's balance and bound addresses. */
export function useCoinInfo(currency: number | undefined) {
  return useQuery({
    queryKey: [...FUNDING, 'info', currency],
    queryFn: ({ signal }) => call(CoinInfoCall, { currency: currency! }, { signal }),
    enabled: currency !== undefined,
  });
}
