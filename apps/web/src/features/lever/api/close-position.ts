import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LeverCloseCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { leverKeys } from './keys';

/** POST /api/lever/close: one open position at the mark (no trade password: it only gives money back). */
export function useClosePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => call(LeverCloseCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leverKeys.all }),
  });
}
