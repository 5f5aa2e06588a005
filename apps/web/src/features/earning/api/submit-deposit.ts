import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { RecordSubmitCall } from '@oryx/contracts/earning/calls';
import { call } from '@/shared/api/client';
import { newClientId } from '@/shared/lib/client-id';
import { EARNING } from './keys';

/** POST /api/record/submit: deposit into a product (the trade password is asked on the form). */
export function useSubmitDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CallInput<typeof RecordSubmitCall>, 'client_id'>) =>
      call(RecordSubmitCall, { ...input, client_id: newClientId() }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: EARNING }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
