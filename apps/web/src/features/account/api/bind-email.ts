import type { CallInput } from '@oryx/contracts/call';
import { BindEmailCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';
import { useAccountMutation } from './keys';

/** Binds an e-mail address (with a code sent to it). */
export const useBindEmail = () =>
  useAccountMutation((input: CallInput<typeof BindEmailCall>) => call(BindEmailCall, input));
