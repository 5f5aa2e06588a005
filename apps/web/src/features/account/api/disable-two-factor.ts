import { TwoFactorDisableCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { useSecurityMutation } from './security-keys';

/** POST /api/security/2fa/disable with a current or recovery code. */
export const useDisableTwoFactor = () =>
  useSecurityMutation((code: string) => call(TwoFactorDisableCall, { code }));
