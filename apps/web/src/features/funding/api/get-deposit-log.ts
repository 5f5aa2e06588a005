import { useInfiniteQuery } from '@tanstack/react-query';
import { DepositLogCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING, nextPage } from './keys';

/**
 * POST /api/wallet/in_log: the caller's deposits, 20 a page. Deposits arrive from the chain at any time:
 * refreshed every 3 s while the page is visible.
 */
export function useDepositLog(currency: number | undefined) {
  return useInfiniteQuery({
    queryKey: [...FUNDING, 'in_log', currency ?? 0],
    queryFn: ({ pageParam, signal }) => call(DepositLogCall, { currency, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    refetchInterval: 3000,
  });
}
