import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EntrustRevokeCall } from '@oryx/contracts/spot/calls';
import { call } from '@/shared/api/client';
import { spotKeys } from './keys';

/** POST /api/transaction_del {id, type}. */
export function useRevokeEntrust() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: { id: number; type: 'in' | 'out' }) => call(EntrustRevokeCall, row),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.all }),
  });
}
