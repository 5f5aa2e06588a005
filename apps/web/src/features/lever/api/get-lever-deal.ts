import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { LeverDealCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { LEVER_POLL_MS, leverKeys } from './keys';

export type LeverDeal = z.output<typeof LeverDealCall.reply>;

export const leverDealOptions = (legalId: number, currencyId: number, enabled: boolean) =>
  queryOptions({
    queryKey: leverKeys.deal(legalId, currencyId),
    enabled: enabled && legalId > 0 && currencyId > 0,
    queryFn: ({ signal }) =>
      call(LeverDealCall, { legal_id: legalId, currency_id: currencyId }, { signal, toast: false }),
    refetchInterval: LEVER_POLL_MS,
  });

/**
 * POST /api/lever/deal: the market's lever terms, the lever balance, the 8 + 8 book and the caller's
 * orders, refetched every 3 s (the position list's refresh). A session is required (999 leads to login).
 */
export function useLeverDeal(legalId: number, currencyId: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery(leverDealOptions(legalId, currencyId, loggedIn));
}
