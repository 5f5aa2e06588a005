import { useQueryClient } from '@tanstack/react-query';
import { useIsLoggedIn } from '@/shared/session/session';
import { useSocketEvent, useSocketJoined } from '@/shared/socket/use-socket-event';

/**
 * My `spot_order` pushes (placed, filled, cancelled) reload both order lists, whichever tab is shown
 * (the hidden one is refetched too, so switching tabs shows it current), and the balances. Mounted once
 * per page, not per list. On joining the user's room (each connect) they are read again: pushes sent
 * before it never arrived.
 */
export function useSpotOrderPushes() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['spot', 'orders'], refetchType: 'all' });
    void queryClient.invalidateQueries({ queryKey: ['spot', 'balance'] });
  };
  useSocketEvent('spot_order', reload, { enabled: loggedIn });
  useSocketJoined(reload, { enabled: loggedIn });
}
