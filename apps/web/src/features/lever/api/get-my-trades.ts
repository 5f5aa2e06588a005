import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { LEVER_PAGE_SIZE, LeverMyTradeCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { leverKeys } from './keys';

export type MyTradesPage = z.output<typeof LeverMyTradeCall.reply>;

/** POST /api/lever/my_trade: the caller's orders of one status tab, 10 a page, newest first. */
export function useMyTrades(status: number) {
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: leverKeys.trades(status),
    enabled: loggedIn,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(
        LeverMyTradeCall,
        { status, legal_id: 0, currency_id: 0, page: pageParam },
        { signal, toast: false },
      ),
    getNextPageParam: (last) =>
      last.message.data.length >= LEVER_PAGE_SIZE && last.message.current_page < last.message.last_page
        ? last.message.current_page + 1
        : undefined,
  });
}
