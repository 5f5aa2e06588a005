import { RecoveryCodesCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { useSecurityMutation } from './security-keys';

/** POST /api/security/2fa/recovery_codes: new codes, the old ones stop working. */
export const useNewRecoveryCodes = () =>
  useSecurityMutation((code: string) => call(RecoveryCodesCall, { code }));
