import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShopShelfCall, ShopWithdrawCall } from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { SHOP } from './keys';

/** POST /api/back_send (withdraw) or /api/down_send (off the shelf / back on): `changeOrder(url, id)`. */
export function useChangeAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, password }: { kind: 'withdraw' | 'shelf'; id: number; password: string }) =>
      call(kind === 'withdraw' ? ShopWithdrawCall : ShopShelfCall, { id, password }),
    onSettled: () => client.invalidateQueries({ queryKey: SHOP }),
  });
}
