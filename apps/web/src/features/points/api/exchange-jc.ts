import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { JcExchangeCall } from '@oryx/contracts/points/calls';
import { call } from '@/shared/api/client';
import { newClientId } from '@/shared/lib/client-id';
import { POINTS } from './keys';

/** POST /api/jc/exchange: JC for BEAU (trade password on the form). */
export function useExchangeJc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CallInput<typeof JcExchangeCall>, 'client_id'>) =>
      call(JcExchangeCall, { ...input, client_id: newClientId() }),
    onSettled: () => client.invalidateQueries({ queryKey: POINTS }),
  });
}
