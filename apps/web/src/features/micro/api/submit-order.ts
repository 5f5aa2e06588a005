import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MicroSubmitCall } from '@oryx/contracts/micro/calls';
import type { CallInput } from '@oryx/contracts/call';
import { call } from '@/shared/api/client';
import { microKeys } from './keys';

export type SubmitInput = CallInput<typeof MicroSubmitCall>;

/** POST /api/microtrade/submit; on success the balances and the order lists reload. */
export function useSubmitMicro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitInput) => call(MicroSubmitCall, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: microKeys.all }),
  });
}
