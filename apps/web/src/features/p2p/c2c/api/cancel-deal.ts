import { useMutation, useQueryClient } from '@tanstack/react-query';
import { C2cCancelCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';

/** POST /api/c2c/user_legal_pay_cancel: the buyer cancels an unpaid deal. */
export function useCancelDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; password: string }) => call(C2cCancelCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: c2cKeys.all }),
  });
}
