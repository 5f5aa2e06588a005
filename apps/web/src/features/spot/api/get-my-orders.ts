import { useQuery } from '@tanstack/react-query';
import { CoinListCall, type SpotOrderWire } from '@oryx/contracts/spot/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { spotKeys } from './keys';

export type { SpotOrderWire };

/** My orders: status 1 open, 2 done (kept live by useSpotOrderPushes). */
export function useMyOrders(status: 1 | 2) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: spotKeys.orders(status),
    enabled: loggedIn,
    queryFn: ({ signal }) => call(CoinListCall, { status, limit: 100 }, { signal, toast: false }),
  });
}
