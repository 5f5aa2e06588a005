import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AcceptorMyDealsCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { ACCEPTOR, nextPage } from './keys';

/** GET /api/acceptor/my_deal: my deposits (buy) or withdrawals (sell), 10 a page. */
export const useMyDeals = (type: 'buy' | 'sell') =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...ACCEPTOR, 'mine', type],
      queryFn: ({ pageParam, signal }) =>
        call(AcceptorMyDealsCall, { page: pageParam, type }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      // New deals and the other side's moves show up without a reload.
      refetchInterval: 10_000,
    }),
  );
