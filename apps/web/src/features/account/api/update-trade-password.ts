import type { CallInput } from '@oryx/contracts/call';
import { UpdateTradePasswordCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';
import { useAccountMutation } from './keys';

/** Sets or changes the transaction password (with a code). */
export const useUpdateTradePassword = () =>
  useAccountMutation((input: CallInput<typeof UpdateTradePasswordCall>) =>
    call(UpdateTradePasswordCall, input),
  );
