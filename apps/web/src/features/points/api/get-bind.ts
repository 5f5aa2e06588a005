import { useQuery } from '@tanstack/react-query';
import { JcBoundCall } from '@oryx/contracts/points/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { POINTS } from './keys';

/** GET /api/jc/bind: the bound points account's name ('' when none) and its adapter. */
export function useBoundAccount() {
  return useQuery({
    queryKey: [...POINTS, 'bind'],
    queryFn: ({ signal }) => call(JcBoundCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });
}
