import { useInfiniteQuery } from '@tanstack/react-query';
import { DepositLogCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING } from './keys';
import { nextPage } from '@/features/wallet/api/keys';

/** POST /api/wallet/in_log: the caller's deposits, 20 a page; refreshed while one is confirming. */
export function useDepositLog(currency: number | undefined) {
  return useInfiniteQuery({
    queryKey: [...FUNDING, 'in_log', currency ?? 0],
    queryFn: ({ pageParam, signal }) => call(DepositLogCall, { currency, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.data.some((d) => d.status === 0)) ? 3000 : false,
  });
}
