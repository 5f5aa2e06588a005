import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { ShopTakeCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { SHOP } from './keys';

/** POST /api/do_legal_deal: take part of an ad by money or by number. */
export function useTakeAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof ShopTakeCall>) => call(ShopTakeCall, input),
    onSettled: () => client.invalidateQueries({ queryKey: SHOP }),
  });
}
