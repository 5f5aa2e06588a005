import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ShopAppealCall,
  ShopCancelCall,
  ShopPayCall,
  ShopSureCall,
  ShopUserSureCall,
} from '@oryx/contracts/p2p/shop-calls';
import { call } from '@/shared/api/client';
import { SHOP } from './keys';

/** The deal moves: pay, cancel, confirm (as the shop or as the taker), appeal. */
export const DEAL_CALLS = {
  pay: ShopPayCall,
  cancel: ShopCancelCall,
  sure: ShopSureCall,
  userSure: ShopUserSureCall,
} as const;
export type DealMove = keyof typeof DEAL_CALLS | 'appeal';

/** POST /api/user_legal_pay, user_legal_pay_cancel, legal_deal_sure, legal_deal_user_sure, legal/arbitrate. */
export function useDealMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ move, id, password }: { move: DealMove; id: number; password: string }) =>
      move === 'appeal' ? call(ShopAppealCall, { id, note: '' }) : call(DEAL_CALLS[move], { id, password }),
    onSettled: () => client.invalidateQueries({ queryKey: SHOP }),
  });
}
