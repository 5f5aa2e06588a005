import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { PlaceOrderCall } from '@oryx/contracts/spot/calls';
import { call } from '@/shared/api/client';
import { spotKeys } from './keys';

export type PlaceInput = CallInput<typeof PlaceOrderCall>;

/** POST /api/coin/trade; on success balances and order lists reload. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceInput) => call(PlaceOrderCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.all }),
  });
}
