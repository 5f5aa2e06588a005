import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PayLogCall } from '@oryx/contracts/funding/pay-calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { RUPIAH } from './keys';

/** POST /api/wallet/pay_log: the caller's rupiah deposits (`in`) or withdrawals (`out`), 20 a page. */
export function usePayLog(type: 'in' | 'out') {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...RUPIAH, 'log', type],
      queryFn: ({ pageParam, signal }) =>
        call(PayLogCall, { type, page: pageParam }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
      enabled: useIsLoggedIn(),
    }),
  );
}
