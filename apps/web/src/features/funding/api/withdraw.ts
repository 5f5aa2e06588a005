import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { WithdrawCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';

import { FUNDING, WALLETS } from './keys';

/** POST /api/wallet/out. Refusals are toasts; `not` (no trade password) offers /bindmpwd (shared/api). */
export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof WithdrawCall>) => call(WithdrawCall, input),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: FUNDING });
      await client.invalidateQueries({ queryKey: WALLETS });
    },
  });
}
