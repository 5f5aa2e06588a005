import { useMutation } from '@tanstack/react-query';
import { TwoFactorSetupCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';

/** POST /api/security/2fa/setup: a new secret and its QR code (not required until confirmed). */
export const useStartTwoFactor = () => useMutation({ mutationFn: () => call(TwoFactorSetupCall, {}) });
