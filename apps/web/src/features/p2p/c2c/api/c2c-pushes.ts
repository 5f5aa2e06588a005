import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '@/shared/socket/use-socket-event';
import { c2cKeys } from './keys';

/**
 * `c2c_deal` pushes (a deal of mine changed state): the deal and the C2C lists reload, so an open deal
 * page follows the other party's moves without a reload.
 */
export function useC2cPushes() {
  const queryClient = useQueryClient();
  useSocketEvent('c2c_deal', () => void queryClient.invalidateQueries({ queryKey: c2cKeys.all }));
}
