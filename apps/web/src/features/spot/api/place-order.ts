import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { PlaceOrderCall } from '@oryx/contracts/spot/calls';
import { call } from '@/shared/api/client';
import { spotKeys } from './keys';

export type PlaceInput = CallInput<typeof PlaceOrderCall>;

/**
 * POST /api/coin/trade; resolves to the order (the reply's `order`: its `message` is the sentence other
 * clients toast). On success balances and order lists reload.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PlaceInput) => (await call(PlaceOrderCall, input)).order,
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.all }),
  });
}
