import type { CallInput } from '@oryx/contracts/call';
import { AddBankCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';
import { useAccountMutation } from './keys';

/** Binds or changes the bank account. */
export const useAddBank = () =>
  useAccountMutation((input: CallInput<typeof AddBankCall>) => call(AddBankCall, input));
