import { TwoFactorConfirmCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { useSecurityMutation } from './security-keys';

/** POST /api/security/2fa/confirm with the first code and the login password; answers the recovery codes (shown once). */
export const useConfirmTwoFactor = () =>
  useSecurityMutation((input: { code: string; password: string }) => call(TwoFactorConfirmCall, input));
