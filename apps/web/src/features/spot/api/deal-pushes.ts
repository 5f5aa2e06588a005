import type { MarketDepthEvent, MatchTradeEvent } from '@oryx/contracts/socket';
import { formatExchangeTime } from '@oryx/contracts/time';
import { useSocketQueryUpdate } from '@/shared/socket/use-socket-event';
import type { z } from 'zod';
import type { DealCall } from '@oryx/contracts/spot/calls';
import { spotKeys } from './keys';

/** The deal call's reply (get-deal.ts caches it; the pushes patch it). */
export type Deal = z.output<typeof DealCall.reply>;

/** Recent trades kept on screen (the `match_trade` pushes prepend to it). */
export const RECENT_TRADES_MAX = 30;

/**
 * Applies a `market_depth` push: bids are `in`, asks `out`, as the deal call names them (asks highest
 * first, the best ask last, in both).
 */
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
    create_time: formatExchangeTime(t.ts),
    time: formatExchangeTime(t.ts),
    price: t.price,
    number: t.amount,
    direction: t.direction,
    way: t.direction === 'buy' ? (1 as const) : (2 as const),
  }));
  return {
    ...deal,
    last_price: fresh[0]!.price,
    complete: [...fresh, ...deal.complete].slice(0, RECENT_TRADES_MAX),
  };
}

/** `market_depth` and `match_trade` pushes into the cached deal of one market. */
export function useDealPushes(legalId: number, currencyId: number) {
  const key = spotKeys.deal(legalId, currencyId);
  useSocketQueryUpdate<'market_depth', Deal>('market_depth', key, applyDepth);
  useSocketQueryUpdate<'match_trade', Deal>('match_trade', key, applyTrades);
}
