import { TwoFactorConfirmCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { useSecurityMutation } from './security-keys';

/** POST /api/security/2fa/confirm: two-factor on; answers the recovery codes (shown once). */
export const useConfirmTwoFactor = () =>
  useSecurityMutation((code: string) => call(TwoFactorConfirmCall, { code }));
