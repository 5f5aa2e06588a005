import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { WithdrawAddressAddCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING } from './keys';

/** POST /api/wallet/add_address with the code sent to the caller. */
export function useAddAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof WithdrawAddressAddCall>) => call(WithdrawAddressAddCall, input),
    onSuccess: () => client.invalidateQueries({ queryKey: FUNDING }),
  });
}
