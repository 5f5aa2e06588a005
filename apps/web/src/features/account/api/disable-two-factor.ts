import { TwoFactorDisableCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { useSecurityMutation } from './security-keys';

/** POST /api/security/2fa/disable with the login password and a current or recovery code. */
export const useDisableTwoFactor = () =>
  useSecurityMutation((input: { code: string; password: string }) => call(TwoFactorDisableCall, input));
