import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { C2cDealCall } from '@oryx/contracts/p2p/calls';
import { call } from '@/shared/api/client';
import { c2cKeys } from './keys';

export type C2cDeal = z.output<typeof C2cDealCall.reply>;

/** While a deal is open it is read again this often, should a push be missed (socket down). */
export const OPEN_DEAL_POLL_MS = 30_000;

/**
 * GET /api/c2c_deal: one deal I am a party to, with both parties' payment details. Pushes reload it;
 * while it is open (waiting, paid, under appeal) it is also polled now and then.
 */
export function useDeal(id: number) {
  return useQuery({
    queryKey: c2cKeys.deal(id),
    enabled: id > 0,
    queryFn: ({ signal }) => call(C2cDealCall, { id }, { signal, toast: false }),
    retry: false,
    refetchInterval: (q) => ([0, 3, 4].includes(q.state.data?.is_sure ?? -1) ? OPEN_DEAL_POLL_MS : false),
  });
}
