import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { LeverSubmitCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { leverKeys } from './keys';

export type SubmitInput = CallInput<typeof LeverSubmitCall>;

/** POST /api/lever/submit; the lever lists and the deal page reload after it. */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitInput) => call(LeverSubmitCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leverKeys.all }),
  });
}
