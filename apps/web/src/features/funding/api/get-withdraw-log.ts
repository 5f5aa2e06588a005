import { useInfiniteQuery } from '@tanstack/react-query';
import { WithdrawLogCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING, nextPage } from './keys';

/** POST /api/wallet/out_log: the caller's withdrawals, 20 a page; refreshed while one is under way. */
export function useWithdrawLog(currency: number | undefined) {
  return useInfiniteQuery({
    queryKey: [...FUNDING, 'out_log', currency ?? 0],
    queryFn: ({ pageParam, signal }) => call(WithdrawLogCall, { currency, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.data.some((d) => d.status === 0 || d.status === 1)) ? 3000 : false,
  });
}
