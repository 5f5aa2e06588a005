import { AntiPhishingCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { useSecurityMutation } from './security-keys';

/** POST /api/security/anti_phishing ('' removes it); `code` when two-factor is on. */
export const useSetAntiPhishing = () =>
  useSecurityMutation((input: { phrase: string; code: string }) => call(AntiPhishingCall, input));
