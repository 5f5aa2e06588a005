import type { CallInput } from '@oryx/contracts/call';
import { CashSaveCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';
import { useAccountMutation } from './keys';

/** Saves the payment methods. */
export const useCashSave = () =>
  useAccountMutation((input: CallInput<typeof CashSaveCall>) => call(CashSaveCall, input));
