import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent, useSocketJoined } from '@/shared/socket/use-socket-event';
import { c2cKeys } from './keys';

/**
 * `c2c_deal` pushes (a deal of mine changed state): the deal and the C2C lists reload, so an open deal
 * page follows the other party's moves without a reload; and again on joining the user's room (each
 * connect), since pushes sent before it never arrived.
 */
export function useC2cPushes() {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: c2cKeys.all });
  useSocketEvent('c2c_deal', reload);
  useSocketJoined(reload);
}
