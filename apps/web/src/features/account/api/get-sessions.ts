import { useQuery } from '@tanstack/react-query';
import { SessionsCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { SECURITY } from './security-keys';

/** GET /api/security/sessions: the user's open sessions, this one marked `current`. */
export const useSessions = () =>
  useQuery({
    queryKey: [...SECURITY, 'sessions'],
    queryFn: async ({ signal }) => (await call(SessionsCall, {}, { signal })).list,
  });
