import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { PayWithdrawCall } from '@oryx/contracts/funding/pay-calls';
import { call } from '@/shared/api/client';
import { RUPIAH } from './keys';

/** A coin withdrawal paid out in rupiah to the bound bank card; refreshes the balances. */
export function usePayWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof PayWithdrawCall>) => call(PayWithdrawCall, input),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: RUPIAH }),
        qc.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
