import { useMutation, useQueryClient } from '@tanstack/react-query';
import { C2cPayCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';

/** POST /api/c2c/user_legal_pay: the buyer marks paid, optionally with a payment voucher image. */
export function usePayDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; password: string; pay_orders_img?: string }) => call(C2cPayCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: c2cKeys.all }),
  });
}
