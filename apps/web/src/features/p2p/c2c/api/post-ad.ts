import { useMutation, useQueryClient } from '@tanstack/react-query';
import { C2cSendCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';

export interface PostAdInput {
  type: 'buy' | 'sell';
  currency_id: number;
  total_number: string;
  price: string;
  way: string;
  coin_code: string;
  password: string;
}

/** POST /api/c2c_send: posts an ad (a sell ad escrows its whole amount). */
export function usePostAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostAdInput) => call(C2cSendCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: c2cKeys.all }),
  });
}
