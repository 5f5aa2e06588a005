import { useQuery } from '@tanstack/react-query';
import { MicroListsCall, MICRO_LIST_LIMIT, type MicroOrderRow } from '@oryx/contracts/micro/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { microKeys } from './keys';

/** An open order with the moment it ends on this screen's clock (now + remain_milli_seconds on arrival). */
export type OpenOrder = MicroOrderRow & { endsAtMs: number };

/** The user's open orders on one pair (status 1). */
export function useOpenOrders(matchId: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: microKeys.open(matchId),
    enabled: loggedIn && matchId > 0,
    queryFn: async ({ signal }): Promise<OpenOrder[]> => {
      const reply = await call(
        MicroListsCall,
        { page: 1, status: 1, match_id: matchId, limit: MICRO_LIST_LIMIT },
        { signal, toast: false },
      );
      const received = Date.now();
      return reply.data.map((o) => ({ ...o, endsAtMs: received + o.remain_milli_seconds }));
    },
  });
}
