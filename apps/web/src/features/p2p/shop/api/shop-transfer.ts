import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { ShopTransferCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { SHOP } from './keys';

/** POST /api/seller/transfer: legal wallet ⇄ shop balance. */
export function useShopTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof ShopTransferCall>) => call(ShopTransferCall, input),
    onSettled: () => client.invalidateQueries({ queryKey: SHOP }),
  });
}
