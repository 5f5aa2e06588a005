/**
 * The spot market's last trade price, for display and the wallet's valuation. Money that depends on a
 * price (seconds options now, leverage later) uses the mark price instead (modules/mark): one account
 * can print the last trade, not the mark.
 *
 *   const p = await lastTradeAt(ctx.db, marketId, ctx.clock.now()); // durable, any moment in the past
 *   const q = lastPrice(ctx, marketId);                             // in memory, the latest committed trade
 *
 * Both answer a `PricePoint`: the price in quote minor units (the quote currency's scale), the trade it
 * came from (so a settlement can record it and anyone can check it) and that trade's time. Before a
 * market's first trade the price is its `reference_price_minor` with `tradeId: null`.
 */
import { mulDiv, pow10 } from '@oryx/contracts/money';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { catalogRepo } from '../catalog/repo';
import { spotRepo } from './repo';

export interface PricePoint {
  /** Quote minor units per one whole base unit. */
  priceMinor: bigint;
  /** The spot trade the price comes from; null = the market's reference price (no trade yet). */
  tradeId: number | null;
  /** Time of that trade (ms); 0 for the reference price. */
  tradeTimeMs: number;
}

/**
 * The last trade of `marketId` with time <= `atMs` (ties: the highest trade id), or the market's
 * reference price when it had none by then. Throws on an unknown market. Pass a transaction to read
 * inside one. Uses the (market_id, created_at, id) index: one index seek.
 */
export async function lastTradeAt(db: Db, marketId: number, atMs: number): Promise<PricePoint> {
  const trade = await spotRepo.lastTradeAt(db, marketId, atMs);
  if (trade) return { priceMinor: trade.price_minor, tradeId: trade.id, tradeTimeMs: trade.created_at };
  const market = await catalogRepo.referencePrice(db, marketId);
  if (!market) throw new Error(`lastTradeAt: unknown market ${marketId}`);
  return { priceMinor: market.reference_price_minor, tradeId: null, tradeTimeMs: 0 };
}

/**
 * The latest committed trade price of a market, in memory (no I/O). Set when the market's book loads at
 * start (from the last trade, else the reference price) and after every commit that traded.
 * `undefined` only when the spot engine has not loaded that market (an unknown or misconfigured market,
 * or before the engine started): use `lastTradeAt` then.
 */
export function lastPrice(ctx: AppContext, marketId: number): PricePoint | undefined {
  return ctx.services.spot.lastPrices.get(marketId);
}

/** For the spot books and their committer only: records a committed price. */
export function recordLastPrice(ctx: AppContext, marketId: number, point: PricePoint): void {
  ctx.services.spot.lastPrices.set(marketId, point);
}

/**
 * The wallet's USDT price source (`ctx.seams.usdtPrices`, provided by the spot module): per base currency, the price of the last spot trade of its market quoted in USDT, at scale 8
 * (rounded down if USDT's scale were finer). Read from `spot_trades` (one index seek per USDT market),
 * so it needs no AppContext and answers committed trades only. A currency with no trade yet is left
 * out: the wallet then values it at its `reference_usdt_price_minor`.
 */
export async function usdtPricesFromSpot(db: Db): Promise<Map<number, bigint>> {
  const markets = await catalogRepo.marketsQuotedIn(db, 'USDT');
  const prices = new Map<number, bigint>();
  const tradedAt = new Map<number, number>();
  for (const m of markets) {
    const t = await spotRepo.lastTrade(db, m.id);
    // Two USDT markets for one currency (not configured today): the more recent trade wins.
    if (!t || (tradedAt.get(m.currency_id) ?? -1) >= t.created_at) continue;
    tradedAt.set(m.currency_id, t.created_at);
    prices.set(m.currency_id, mulDiv(t.price_minor, pow10(8), pow10(m.scale), 'down'));
  }
  return prices;
}
