import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { LEVER_PAGE_SIZE, LeverDealAllCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { LEVER_POLL_MS, leverKeys } from './keys';

export type PositionsPage = z.output<typeof LeverDealAllCall.reply>;

/**
 * POST /api/lever/dealall, 10 positions a page with the risk rate and P/L of the quote currency;
 * refetched every 3 s and kept live by the `lever_trade` / `lever_closed` pushes (lever-pushes.ts).
 */
export function usePositions(legalId: number, currencyId: number) {
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: leverKeys.positions(legalId, currencyId),
    enabled: loggedIn,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(
        LeverDealAllCall,
        { legal_id: legalId, currency_id: currencyId, page: pageParam },
        { signal, toast: false },
      ),
    getNextPageParam: (last) =>
      last.order.data.length >= LEVER_PAGE_SIZE && last.order.current_page < last.order.last_page
        ? last.order.current_page + 1
        : undefined,
    refetchInterval: LEVER_POLL_MS,
  });
}
