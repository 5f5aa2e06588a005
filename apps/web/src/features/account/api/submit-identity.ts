import type { CallInput } from '@oryx/contracts/call';
import { RealNameCall } from '@oryx/contracts/kyc/calls';
import { call } from '@/shared/api/client';
import { useAccountMutation } from './keys';

/** Submits the identity check (name, card number, images). */
export const useSubmitIdentity = () =>
  useAccountMutation((input: CallInput<typeof RealNameCall>) => call(RealNameCall, input));
