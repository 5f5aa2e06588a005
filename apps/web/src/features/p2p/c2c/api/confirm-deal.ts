import { useMutation, useQueryClient } from '@tanstack/react-query';
import { C2cSureCall, C2cUserSureCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';

/**
 * The seller confirms receipt: POST /api/c2c/legal_deal_sure when the seller posted the ad,
 * /api/c2c/legal_deal_user_sure when the seller took it.
 */
export function useConfirmDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; password: string; isOwner: boolean }) =>
      call(input.isOwner ? C2cSureCall : C2cUserSureCall, { id: input.id, password: input.password }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: c2cKeys.all }),
  });
}
