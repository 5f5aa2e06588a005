import { EndSessionCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { useSecurityMutation } from './security-keys';

/** POST /api/security/sessions/end: logs out one of the user's sessions. */
export const useEndSession = () => useSecurityMutation((id: number) => call(EndSessionCall, { id }));
