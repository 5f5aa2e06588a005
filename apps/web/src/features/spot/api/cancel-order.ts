import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CancelOrderCall } from '@oryx/contracts/spot/calls';
import { call } from '@/shared/api/client';
import { spotKeys } from './keys';

/** PUT /api/coin/trade {id}: the held funds come back; lists and balances reload. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(CancelOrderCall, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.all }),
  });
}
