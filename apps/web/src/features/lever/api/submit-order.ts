import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { LeverSubmitCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { leverKeys } from './keys';

export type SubmitInput = CallInput<typeof LeverSubmitCall>;

/**
 * POST /api/lever/submit; the lever lists and the deal page reload after it. Each submission carries its
 * own client id, so a retried request opens one order.
 */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SubmitInput, 'client_id'>) =>
      call(LeverSubmitCall, { ...input, client_id: newClientId() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leverKeys.all }),
  });
}

function newClientId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `l${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
