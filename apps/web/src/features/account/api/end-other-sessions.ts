import { EndOtherSessionsCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { useSecurityMutation } from './security-keys';

/** POST /api/security/sessions/end_others: logs out every session but this one. */
export const useEndOtherSessions = () => useSecurityMutation(() => call(EndOtherSessionsCall, {}));
