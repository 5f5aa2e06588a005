import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LeverBatchCloseCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { leverKeys } from './keys';

/** 0 every open position, 1 the longs, 2 the shorts. */
export type BatchCloseType = 0 | 1 | 2;

/** POST /api/lever/batch_close: closes the caller's positions of one side (or all) at the mark. */
export function useBatchClose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { type: BatchCloseType; legal_id: number }) => call(LeverBatchCloseCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leverKeys.all }),
  });
}
