import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { C2cDealCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';

export type C2cDeal = z.output<typeof C2cDealCall.reply>;

/** GET /api/c2c_deal: one deal I am a party to, with both parties' payment details. */
export function useDeal(id: number) {
  return useQuery({
    queryKey: c2cKeys.deal(id),
    enabled: id > 0,
    queryFn: ({ signal }) => call(C2cDealCall, { id }, { signal, toast: false }),
    retry: false,
  });
}
