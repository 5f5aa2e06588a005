/**
 * What other areas call (the Binance REST calls): the depth snapshot the depth streams sync against,
 * and the symbol of a market. One hub per app: `ctx.services.binanceStream.hub` (module.ts).
 */
import type { AppContext } from '../../lib/context';
import type { SpotMarket } from '../spot/markets';
import type { DepthSnapshot } from './depth-ladder';

export { binanceSymbol } from './symbols';
export type { DepthSnapshot } from './depth-ladder';
export { DEPTH_SNAPSHOT_DEFAULT, DEPTH_SNAPSHOT_MAX } from './hub';

/**
 * The committed book of spot market `marketId`: its best `limit` levels a side (1..5,000, default 100)
 * as [price, quantity] decimal strings, bids highest first and asks lowest first, and `lastUpdateId`,
 * the update id of the last change it holds (the depth streams' `u`). Synchronous, from memory, never a
 * half-applied batch. Throws `VALIDATION` for a bad limit and `SPOT_MARKET_UNKNOWN` for a market the
 * spot engine has not loaded.
 */
export function depthSnapshot(ctx: AppContext, marketId: number, limit?: number): DepthSnapshot {
  return ctx.services.binanceStream.hub.depthSnapshot(marketId, limit);
}

/** The spot market a Binance symbol names (`BTCUSDT` or `btcusdt`), if the spot engine has it loaded. */
export function marketOfSymbol(ctx: AppContext, symbol: string): SpotMarket | undefined {
  return ctx.services.binanceStream.hub.marketOf(symbol);
}
