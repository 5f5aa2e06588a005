import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LeverCancelCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { leverKeys } from './keys';

/** POST /api/lever/cancel: revokes a pending limit order (its margin and fee come back). */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => call(LeverCancelCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leverKeys.all }),
  });
}
