/**
 * Time in force and post-only on any `OrderBook`, without touching its matching loop:
 * - `GTC` (good till cancelled): `place` as it is; what a limit order does not fill rests.
 * - `IOC` (immediate or cancel): a limit order is placed as a market order by base with its limit price
 *   as the protection price (the same walk: best price first, never beyond the limit, self-trade
 *   prevention alike); what it did not fill is cancelled (`IOC_REMAINDER`) and nothing ever rests.
 *   Market orders are immediate-or-cancel already and keep their own reasons.
 * - `FOK` (fill or kill): `fillableLots` first; unless the whole amount fills now (within the limit price
 *   or the market order's protection price, before the taker's own first order), nothing happens
 *   (`FOK_NOT_FILLED`, no fill); otherwise it is placed as IOC and fills whole.
 * - post-only (a limit order, GTC): if its price reaches the best opposite price it would take, so nothing
 *   happens (`POST_ONLY`, no fill); otherwise it is placed and rests whole.
 * Pure, like the books. A market order by quote amount takes no FOK (what "whole" means for a budget
 * spent by whole lots is not defined); the caller refuses that before it gets here.
 */
import {
  EMPTY_FILLS,
  checkCommand,
  rejected,
  type OrderBook,
  type PlaceCommand,
  type PlaceResult,
  type TakerCancelReason,
} from './types';

export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

export interface TimeInForceOptions {
  /** Absent: GTC. */
  timeInForce?: TimeInForce;
  /** A maker-only limit order (Binance's LIMIT_MAKER); GTC only. */
  postOnly?: boolean;
}

export function placeWithTimeInForce(
  book: OrderBook,
  cmd: PlaceCommand,
  opts: TimeInForceOptions,
): PlaceResult {
  const tif = opts.timeInForce ?? 'GTC';
  if (tif === 'GTC' && !opts.postOnly) return book.place(cmd);
  const bad = checkCommand(cmd) ?? (book.getOrder(cmd.orderId) ? 'ENGINE_DUPLICATE_ID' : null);
  if (bad !== null) return rejected(cmd.orderId, bad);
  if (opts.postOnly) {
    if (cmd.type !== 'limit' || tif !== 'GTC') throw new RangeError('post-only is for GTC limit orders');
    const best = cmd.side === 'buy' ? book.bestAsk() : book.bestBid();
    const wouldTake = best !== null && (cmd.side === 'buy' ? best <= cmd.priceTicks : best >= cmd.priceTicks);
    return wouldTake ? nothingDone(cmd, 'POST_ONLY') : book.place(cmd);
  }
  if (cmd.type === 'market' && cmd.by === 'quote') {
    if (tif === 'FOK') throw new RangeError('fill-or-kill needs a base amount');
    return book.place(cmd);
  }
  const limitTicks = cmd.type === 'limit' ? cmd.priceTicks : cmd.limitTicks;
  if (tif === 'FOK' && book.fillableLots(cmd.side, limitTicks, cmd.userId, cmd.lots) < cmd.lots)
    return nothingDone(cmd, 'FOK_NOT_FILLED');
  if (cmd.type === 'market') return book.place(cmd);
  const { orderId, userId, side, lots } = cmd;
  const r = book.place({ type: 'market', by: 'base', orderId, userId, side, lots, limitTicks });
  const isRemainder = r.cancelReason === 'PRICE_BAND' || r.cancelReason === 'MARKET_REMAINDER';
  return isRemainder ? { ...r, cancelReason: 'IOC_REMAINDER' } : r;
}

/** No fill, nothing rests: the whole order is cancelled for `reason`. */
function nothingDone(cmd: PlaceCommand, reason: TakerCancelReason): PlaceResult {
  const lots = cmd.type === 'market' && cmd.by === 'quote' ? 0 : cmd.lots;
  const budget = cmd.type === 'market' && cmd.by === 'quote' ? cmd.quoteBudget : 0;
  return {
    orderId: cmd.orderId,
    reject: null,
    fills: EMPTY_FILLS,
    filledLots: 0,
    restingLots: 0,
    cancelledLots: lots,
    unspentQuote: budget,
    cancelReason: reason,
  };
}
