import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CancelOrderCall } from '@oryx/contracts/spot/calls';
import { call } from '@/shared/api/client';
import { spotKeys } from './keys';

/** PUT /api/coin/trade {id}: resolves to the cancelled order; held funds come back; lists and balances reload. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(CancelOrderCall, { id })).order,
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.all }),
  });
}
