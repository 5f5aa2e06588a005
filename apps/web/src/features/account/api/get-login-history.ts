import { useQuery } from '@tanstack/react-query';
import { LoginHistoryCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { SECURITY } from './security-keys';

/** GET /api/security/logins: the last 20 logins (time, address, device, state). */
export const useLoginHistory = () =>
  useQuery({
    queryKey: [...SECURITY, 'logins'],
    queryFn: async ({ signal }) => (await call(LoginHistoryCall, {}, { signal })).list,
  });
