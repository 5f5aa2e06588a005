import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { QuotationNewCall, type QuotationGroup, type QuotationItem } from '@oryx/contracts/market/calls';
import type { DayMarketEvent } from '@oryx/contracts/socket';
import { call } from '../api/client';
import { useIsLoggedIn } from '../session/session';
import { getSocket } from '../socket/socket';
import { useSocketQueryUpdate } from '../socket/use-socket-event';

export type { QuotationGroup, QuotationItem };

/**
 * GET /api/currency/quotation_new: every displayed market grouped by quote currency. Shared because the
 * home page, the all-markets page and the trade pages all list markets. The cache key includes the login
 * state, since `added` (favourites) differs per user.
 */
export const quotationQueryKey = (loggedIn: boolean) =>
  ['market', 'quotation', loggedIn ? 'user' : 'visitor'] as const;

/** The market data polling interval, used only while the socket is down. */
export const QUOTATION_POLL_MS = 10_000;

export const quotationQueryOptions = (loggedIn: boolean) =>
  queryOptions({
    queryKey: quotationQueryKey(loggedIn),
    queryFn: ({ signal }) => call(QuotationNewCall, {}, { signal, toast: false }),
    staleTime: 30_000,
  });

/** Applies one `daymarket` push to the cached groups (a new array only when something changed). */
export function applyDayMarket(
  groups: QuotationGroup[] | undefined,
  e: DayMarketEvent,
): QuotationGroup[] | undefined {
  if (!groups) return groups;
  let changed = false;
  const next = groups.map((g) => {
    if (g.id !== e.legal_id) return g;
    const quotation = g.quotation.map((q) => {
      if (q.currency_id !== e.currency_id) return q;
      if (
        q.now_price === e.now_price &&
        q.change === e.change &&
        q.volume === e.volume &&
        q.high === e.high &&
        q.low === e.low
      ) {
        return q;
      }
      changed = true;
      return { ...q, now_price: e.now_price, change: e.change, volume: e.volume, high: e.high, low: e.low };
    });
    return changed ? { ...g, quotation } : g;
  });
  return changed ? next : groups;
}

/** Sets `added` on one market in the cached groups (optimistic favourites). */
export function setAdded(groups: QuotationGroup[] | undefined, marketId: number, added: boolean) {
  return groups?.map((g) => ({
    ...g,
    quotation: g.quotation.map((q) => (q.id === marketId ? { ...q, added } : q)),
  }));
}

function subscribeConnected(onChange: () => void): () => void {
  const s = getSocket();
  s.on('connect', onChange);
  s.on('disconnect', onChange);
  return () => {
    s.off('connect', onChange);
    s.off('disconnect', onChange);
  };
}

/** Whether the market socket is connected (live pushes arrive); re-renders on changes. */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribeConnected, () => getSocket().connected);
}

/**
 * The quotation groups, kept live: `daymarket` pushes patch the cached prices in place, and the list is
 * polled only while the socket is disconnected.
 */
export function useQuotation() {
  const loggedIn = useIsLoggedIn();
  const connected = useSocketConnected();
  useSocketQueryUpdate<'daymarket', QuotationGroup[]>(
    'daymarket',
    quotationQueryKey(loggedIn),
    applyDayMarket,
  );
  return useQuery({
    ...quotationQueryOptions(loggedIn),
    refetchInterval: connected ? false : QUOTATION_POLL_MS,
  });
}

/** Link to the spot page of a market. */
export const dealCenterPath = (q: Pick<QuotationItem, 'legal_id' | 'currency_id'>) =>
  `/dealCenter?legalId=${q.legal_id}&currencyId=${q.currency_id}`;
