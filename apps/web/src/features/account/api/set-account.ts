import type { CallInput } from '@oryx/contracts/call';
import { SetAccountCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';
import { useAccountMutation } from './keys';

/** Adds the missing login account (e-mail or phone) with a password. */
export const useSetAccount = () =>
  useAccountMutation((input: CallInput<typeof SetAccountCall>) => call(SetAccountCall, input));
