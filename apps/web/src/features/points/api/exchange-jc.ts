import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { JcExchangeCall } from '@oryx/contracts/points/calls';
import { call } from '@/shared/api/client';
import { POINTS } from './keys';

/** POST /api/jc/exchange: JC for BEAU (trade password on the form). */
export function useExchangeJc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof JcExchangeCall>) => call(JcExchangeCall, input),
    onSettled: () => client.invalidateQueries({ queryKey: POINTS }),
  });
}
