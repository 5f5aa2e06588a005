import { useMutation, useQueryClient } from '@tanstack/react-query';
import { C2cAppealCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';

/** POST /api/c2c/arbitrate: appeals a paid deal with a note and up to three images. */
export function useAppealDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; note: string; images: string[] }) => call(C2cAppealCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: c2cKeys.all }),
  });
}
