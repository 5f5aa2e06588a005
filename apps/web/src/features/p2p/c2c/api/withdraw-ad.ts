import { useMutation, useQueryClient } from '@tanstack/react-query';
import { C2cWithdrawCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';

/** POST /api/c2c/back_send: withdraws one of my ads (a sell ad's remaining coins come back). */
export function useWithdrawAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; password: string }) => call(C2cWithdrawCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: c2cKeys.all }),
  });
}
