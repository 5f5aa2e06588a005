import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AcceptorDeskCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { ACCEPTOR, nextPage } from './keys';

/** GET /api/acceptor/desk: my deals as an acceptor (waiting ones, or all), 10 a page. */
export const useDesk = (status: 'open' | 'all', enabled: boolean) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...ACCEPTOR, 'desk', status],
      queryFn: ({ pageParam, signal }) =>
        call(AcceptorDeskCall, { page: pageParam, status }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled,
      // New deals and the other side's moves show up without a reload.
      refetchInterval: 10_000,
    }),
  );
