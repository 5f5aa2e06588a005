import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LeverSetStopCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { leverKeys } from './keys';

/** POST /api/lever/setstop: take-profit and stop-loss prices of a position ('0' clears one). */
export function useSetStop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; target_profit_price: string; stop_loss_price: string }) =>
      call(LeverSetStopCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leverKeys.all }),
  });
}
