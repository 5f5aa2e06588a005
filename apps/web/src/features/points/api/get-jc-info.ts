import { useQuery } from '@tanstack/react-query';
import { JcInfoCall } from '@oryx/contracts/points/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { POINTS } from './keys';

/** GET /api/jc/info: points held and the exchange terms (refused until a points account is bound). */
export function useJcInfo() {
  return useQuery({
    queryKey: [...POINTS, 'info'],
    queryFn: ({ signal }) => call(JcInfoCall, {}, { signal }),
    enabled: useIsLoggedIn(),
    retry: false,
  });
}
