import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { JcBindCall } from '@oryx/contracts/points/calls';
import { call } from '@/shared/api/client';
import { POINTS } from './keys';

/** POST /api/jc/bind: bind the external points account. */
export function useBindPoints() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof JcBindCall>) => call(JcBindCall, input),
    onSuccess: () => client.invalidateQueries({ queryKey: POINTS }),
  });
}
