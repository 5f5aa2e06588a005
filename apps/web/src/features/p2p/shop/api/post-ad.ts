import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { ShopSendCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { SHOP } from './keys';

/** POST /api/legal_send: post a shop ad. */
export function usePostAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof ShopSendCall>) => call(ShopSendCall, input),
    onSettled: () => client.invalidateQueries({ queryKey: SHOP }),
  });
}
