import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MicroListsCall,
  MicroProofCall,
  MicroSubmitCall,
  PayableCurrenciesCall,
  SecondsCall,
  MICRO_LIST_LIMIT,
  type MicroOrderRow,
} from '@oryx/contracts/micro/calls';
import type { CallInput } from '@oryx/contracts/call';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';

/** Balances refresh every 10 s while logged in (specification part 1 §9). */
export const BALANCE_POLL_MS = 10_000;

export const microKeys = {
  all: ['micro'] as const,
  currencies: ['micro', 'currencies'] as const,
  seconds: ['micro', 'seconds'] as const,
  open: (matchId: number) => ['micro', 'orders', 'open', matchId] as const,
  closed: ['micro', 'orders', 'closed'] as const,
  proof: (id: number) => ['micro', 'proof', id] as const,
};

export const payableCurrenciesOptions = () =>
  queryOptions({
    queryKey: microKeys.currencies,
    queryFn: ({ signal }) => call(PayableCurrenciesCall, {}, { signal, toast: false }),
  });

export function usePayableCurrencies() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...payableCurrenciesOptions(), enabled: loggedIn, refetchInterval: BALANCE_POLL_MS });
}

export function useSecondsOptions() {
  return useQuery({
    queryKey: microKeys.seconds,
    queryFn: ({ signal }) => call(SecondsCall, {}, { signal, toast: false }),
    staleTime: 60_000,
  });
}

/** An open order with the moment it ends on this screen's clock (now + remain_milli_seconds on arrival). */
export type OpenOrder = MicroOrderRow & { endsAtMs: number };

export function useOpenOrders(matchId: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: microKeys.open(matchId),
    enabled: loggedIn && matchId > 0,
    queryFn: async ({ signal }): Promise<OpenOrder[]> => {
      const reply = await call(
        MicroListsCall,
        { page: 1, status: 1, match_id: matchId, limit: MICRO_LIST_LIMIT },
        { signal, toast: false },
      );
      const received = Date.now();
      return reply.data.map((o) => ({ ...o, endsAtMs: received + o.remain_milli_seconds }));
    },
  });
}

export function useClosedOrders(enabled: boolean) {
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: microKeys.closed,
    enabled: loggedIn && enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(MicroListsCall, { page: pageParam, status: 3, limit: MICRO_LIST_LIMIT }, { signal, toast: false }),
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
}

/** GET /api/microtrade/proof: the public settlement proof of a closed order (it never changes). */
export function useMicroProof(id: number | null) {
  return useQuery({
    queryKey: microKeys.proof(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => call(MicroProofCall, { id: id! }, { signal }),
    staleTime: Infinity,
  });
}

export type SubmitInput = CallInput<typeof MicroSubmitCall>;

/** POST /api/microtrade/submit; on success the balances and the order lists reload. */
export function useSubmitMicro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitInput) => call(MicroSubmitCall, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: microKeys.all }),
  });
}
