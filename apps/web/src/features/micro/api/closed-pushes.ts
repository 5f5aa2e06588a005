import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MicroOrderRow } from '@oryx/contracts/micro/calls';
import { useSocketEvent, useSocketJoined } from '@/shared/socket/use-socket-event';
import type { OpenOrder } from './get-open-orders';
import { microKeys } from './keys';

/** A closed push replaces the open row, which leaves the open list this long afterwards. */
export const CLOSED_ROW_LINGER_MS = 500;

/**
 * A closed order into the cache: the open row shows the closed data and leaves the list half a second
 * later; the closed list and the balances reload.
 */
export function applyClosedOrder(queryClient: QueryClient, data: MicroOrderRow): void {
  const key = microKeys.open(data.match_id);
  queryClient.setQueryData<OpenOrder[]>(key, (rows) =>
    rows?.map((r) => (r.id === data.id ? { ...r, ...data, endsAtMs: r.endsAtMs } : r)),
  );
  window.setTimeout(() => {
    queryClient.setQueryData<OpenOrder[]>(key, (rows) => rows?.filter((r) => r.id !== data.id));
  }, CLOSED_ROW_LINGER_MS);
  void queryClient.invalidateQueries({ queryKey: microKeys.closed });
  void queryClient.invalidateQueries({ queryKey: microKeys.currencies });
}

/**
 * `micro_closed` pushes (and closed orders read without one) applied to the cache; `onClosed` runs after
 * each (the page announces the result). Returns the function for orders read without a push.
 */
export function useMicroClosed(onClosed: (order: MicroOrderRow) => void, enabled: boolean) {
  const queryClient = useQueryClient();
  const apply = useCallback(
    (data: MicroOrderRow) => {
      applyClosedOrder(queryClient, data);
      onClosed(data);
    },
    [queryClient, onClosed],
  );
  useSocketEvent('micro_closed', (e) => apply(e.data as MicroOrderRow), { enabled });
  // Settled while the socket was not in the user's room (loading, reconnecting): the lists are read again.
  useSocketJoined(() => void queryClient.invalidateQueries({ queryKey: ['micro', 'orders'] }), { enabled });
  return apply;
}
