import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CancelOrderCall,
  CoinListCall,
  DealCall,
  EntrustBuyingCall,
  EntrustCompletedCall,
  EntrustRevokeCall,
  EntrustSellingCall,
  PlaceOrderCall,
  type SpotOrderWire,
} from '@oryx/contracts/spot/calls';
import { WalletDetailCall } from '@oryx/contracts/wallet/calls';
import { GLOBAL_REPLY_TYPES } from '@oryx/contracts/envelope';
import type { CallInput } from '@oryx/contracts/call';
import type { MarketDepthEvent, MatchTradeEvent } from '@oryx/contracts/socket';
import { call } from '@/shared/api/client';
import { ApiError } from '@/shared/api/errors';
import { useIsLoggedIn } from '@/shared/session/session';
import { useSocketEvent } from '@/shared/socket/use-socket-event';
import { toast } from '@/shared/ui/toast';
import { createFailureStreaks } from './failure-streaks';

/** Trade balances refresh every 10 s while logged in (specification part 1 §9). */
export const BALANCE_POLL_MS = 10_000;
/** Replies the API client acts on itself (session expiry, missing funds password, ...). */
const GLOBAL_TYPES: ReadonlySet<string> = new Set(GLOBAL_REPLY_TYPES);
/** Recent trades kept on screen (the `match_trade` pushes prepend to it). */
export const RECENT_TRADES_MAX = 30;

export type Deal = z.output<typeof DealCall.reply>;
export type { SpotOrderWire };

export const spotKeys = {
  all: ['spot'] as const,
  deal: (legalId: number, currencyId: number) => ['spot', 'deal', legalId, currencyId] as const,
  balance: (currencyId: number) => ['spot', 'balance', currencyId] as const,
  orders: (status: 1 | 2) => ['spot', 'orders', status] as const,
  entrust: (tab: EntrustTab) => ['spot', 'entrust', tab] as const,
};

export const dealOptions = (legalId: number, currencyId: number) =>
  queryOptions({
    queryKey: spotKeys.deal(legalId, currencyId),
    enabled: legalId > 0 && currencyId > 0,
    queryFn: ({ signal }) =>
      call(DealCall, { legal_id: legalId, currency_id: currencyId }, { signal, toast: false }),
  });

/** Applies a `market_depth` push: bids are `in`, asks `out`, as the deal call names them. */
export function applyDepth(deal: Deal | undefined, e: MarketDepthEvent): Deal | undefined {
  if (!deal || e.legal_id !== deal.legal_id || e.currency_id !== deal.currency_id) return deal;
  const levels = (side: [string, string][] | string) =>
    (typeof side === 'string' ? (JSON.parse(side) as [string, string][]) : side).map(([price, number]) => ({
      price,
      number,
    }));
  return { ...deal, in: levels(e.bids), out: levels(e.asks), last_price: e.last_price };
}

/** Applies a `match_trade` push: newest trades first, at most RECENT_TRADES_MAX. */
export function applyTrades(deal: Deal | undefined, e: MatchTradeEvent): Deal | undefined {
  if (!deal || e.legal_id !== deal.legal_id || e.currency_id !== deal.currency_id || e.data.length === 0)
    return deal;
  const fresh = e.data.map((t, i) => ({
    id: -(t.ts * 100 + i),
    create_time: '',
    time: t.ts,
    price: t.price,
    number: t.amount,
    direction: t.direction,
  }));
  return {
    ...deal,
    last_price: fresh[0]!.price,
    complete: [...fresh, ...deal.complete].slice(0, RECENT_TRADES_MAX),
  };
}

/**
 * The deal centre's market data: last price, book and recent trades from POST /api/transaction/deal,
 * kept live by `market_depth` and `match_trade` pushes. Refetched on reconnect (the book re-snapshots).
 */
export function useDeal(legalId: number, currencyId: number) {
  const queryClient = useQueryClient();
  const key = spotKeys.deal(legalId, currencyId);
  useSocketEvent('market_depth', (e) => queryClient.setQueryData<Deal>(key, (old) => applyDepth(old, e)));
  useSocketEvent('match_trade', (e) => queryClient.setQueryData<Deal>(key, (old) => applyTrades(old, e)));
  return useQuery(dealOptions(legalId, currencyId));
}

/** One message per streak of failed balance calls (not one every poll, nor one per form). */
const balanceFailures = createFailureStreaks(2 * BALANCE_POLL_MS);

/**
 * Available spot balance of one currency (POST /api/wallet/detail), every 10 s while logged in. A refusal
 * shows the server's message when the balances go from OK (or unknown) to failed (specification part 1
 * §8); the global replies (999 and the like) are handled by the API client, network errors are logged.
 */
export function useSpotBalance(currencyId: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: spotKeys.balance(currencyId),
    enabled: loggedIn && currencyId > 0,
    refetchInterval: BALANCE_POLL_MS,
    queryFn: async ({ signal }) => {
      try {
        const reply = await call(
          WalletDetailCall,
          { currency: currencyId, type: 'change' },
          { signal, toast: false },
        );
        balanceFailures.succeeded(currencyId);
        return reply;
      } catch (err) {
        if (
          err instanceof ApiError &&
          !GLOBAL_TYPES.has(err.type) &&
          err.message &&
          balanceFailures.failed(currencyId, Date.now())
        ) {
          toast.error(err.message);
        }
        throw err;
      }
    },
  });
}

/**
 * My `spot_order` pushes (placed, filled, cancelled) reload both order lists, whichever tab is shown
 * (the hidden one is refetched too, so switching tabs shows it current), and the balances. Mounted once
 * per page, not per list.
 */
export function useSpotOrderPushes() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  useSocketEvent(
    'spot_order',
    () => {
      void queryClient.invalidateQueries({ queryKey: ['spot', 'orders'], refetchType: 'all' });
      void queryClient.invalidateQueries({ queryKey: ['spot', 'balance'] });
    },
    { enabled: loggedIn },
  );
}

/** My orders: status 1 open, 2 done (kept live by useSpotOrderPushes). */
export function useMyOrders(status: 1 | 2) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: spotKeys.orders(status),
    enabled: loggedIn,
    queryFn: ({ signal }) => call(CoinListCall, { status, limit: 100 }, { signal, toast: false }),
  });
}

export type PlaceInput = CallInput<typeof PlaceOrderCall>;

/** POST /api/coin/trade; on success balances and order lists reload. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceInput) => call(PlaceOrderCall, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.all }),
  });
}

/** PUT /api/coin/trade {id}: the held funds come back; lists and balances reload. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(CancelOrderCall, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.all }),
  });
}

// ---- entrust page ----

export type EntrustTab = 'selling' | 'buying' | 'completed';
const ENTRUST_CALLS = {
  selling: EntrustSellingCall,
  buying: EntrustBuyingCall,
  completed: EntrustCompletedCall,
};

export function useEntrust(tab: EntrustTab) {
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: spotKeys.entrust(tab),
    enabled: loggedIn,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(ENTRUST_CALLS[tab], { page: pageParam }, { signal, toast: false }),
    getNextPageParam: (last) => (last.page < last.last_page ? last.page + 1 : undefined),
  });
}

/** POST /api/transaction_del {id, type}. */
export function useRevokeEntrust() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: { id: number; type: 'in' | 'out' }) => call(EntrustRevokeCall, row),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.all }),
  });
}
