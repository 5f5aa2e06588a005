import { useMutation, useQueryClient } from '@tanstack/react-query';
import { C2cTakeCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';

/** POST /api/c2c/do_legal_deal: takes an ad's whole remaining amount; answers the new deal's id. */
export function useTakeAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; password: string }) => call(C2cTakeCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: c2cKeys.all }),
  });
}
