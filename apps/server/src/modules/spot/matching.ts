/**
 * Risk and matching: one command applied to its market's book inside the committer's batch. A place
 * is checked first (market open, idempotent retry, open-order limit, funds) and refused before it
 * changes anything; then the engine matches it, each fill is settled (settlement.ts) and what rests is
 * held. A market order holds the most it may cost within its protection band, pays its fills from that
 * hold and releases the rest at once. A time in force (IOC, FOK) or post-only goes through
 * `placeWithTimeInForce` (engine/time-in-force.ts): IOC and FOK never rest, so they never hold anything
 * past their own command. A cancel takes the order off the book and releases its hold.
 */
import { AppError, invariant } from '../../lib/app-error';
import type { LedgerBatch } from '../ledger/batch';
import { userAccount, type LedgerRef } from '../ledger/service';
import type { AccountRef } from '../ledger/accounts';
import type { BatchWork } from './batch-work';
import type { OrderSpec } from './engine/market-rules';
import { placeWithTimeInForce } from './engine/time-in-force';
import type { PlaceResult } from './engine/types';
import type { MarketBook, SpotBooks } from './market-book';
import type { SpotMarket } from './markets';
import { STATUS, type CancelCommand, type OrderState, type PlaceCommand } from './orders';
import { settleFill } from './settlement';

/** Open orders one user may have in one market. */
export const OPEN_ORDERS_MAX = 1_000;

/** What the commands of one batch share. */
export interface BatchScope {
  books: SpotBooks;
  ledger: LedgerBatch;
  work: BatchWork;
  /** Orders already placed with this batch's client ids, by `clientKey` (a retry answers the first). */
  known: Map<string, OrderState>;
  /** The batch's time. */
  at: number;
  /** The market-order protection band, basis points (`SPOT_MARKET_BAND_BPS`). */
  marketBandBps: number;
}

/** The default market-order protection band: 5 %. */
export const MARKET_BAND_BPS_DEFAULT = 500;

/**
 * A market order's protection price: the worst price it may trade at, `bandBps` beyond the best opposite
 * price, inside the band (a buy rounds down to a tick, a sell up), never better than that best price.
 */
export function protectionTicks(side: 'buy' | 'sell', bestTicks: number, bandBps: number): number {
  const best = BigInt(bestTicks);
  const bps = BigInt(bandBps);
  const ticks =
    side === 'buy' ? (best * (10_000n + bps)) / 10_000n : ceilDiv(best * (10_000n - bps), 10_000n);
  const limit = Number(ticks);
  return side === 'buy' ? Math.max(limit, bestTicks) : Math.max(Math.min(limit, bestTicks), 1);
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

export const clientKey = (userId: number, marketId: number, clientOid: string) =>
  `${userId}/${marketId}/${clientOid}`;

/** The currency a place command pays with: quote for a buy, base for a sell. */
export const payCurrency = (m: SpotMarket, side: 'buy' | 'sell'): number =>
  side === 'buy' ? m.legalId : m.currencyId;

export function placeOrder(s: BatchScope, cmd: PlaceCommand): OrderState {
  const mb = s.books.book(cmd.marketId);
  if (!mb) throw new AppError('SPOT_MARKET_UNKNOWN');
  const m = mb.market;
  if (!m.isOpen) throw new AppError('SPOT_MARKET_CLOSED');
  const at = cmd.atMs ?? s.at;
  const first = cmd.clientOid === null ? undefined : s.known.get(clientKey(cmd.userId, m.id, cmd.clientOid));
  if (first) {
    const isSame =
      first.side === cmd.side &&
      first.orderType === cmd.orderType &&
      first.price === cmd.price &&
      // A market buy by quote amount records what it bought as its amount.
      (first.amount === cmd.amount || (cmd.spec.type === 'market' && cmd.spec.by === 'quote'));
    if (!isSame) throw new AppError('IDEMPOTENCY_MISMATCH');
    return first;
  }
  if (mayRest(cmd) && (mb.openPerUser.get(cmd.userId) ?? 0) >= OPEN_ORDERS_MAX) {
    throw new AppError('SPOT_OPEN_ORDERS_MAX', { max: OPEN_ORDERS_MAX });
  }
  // A market order trades only within its protection band around the best opposite price now.
  let spec = cmd.spec;
  if (spec.type === 'market') {
    const best = cmd.side === 'buy' ? mb.book.bestAsk() : mb.book.bestBid();
    if (best === null) throw new AppError('SPOT_NO_LIQUIDITY');
    spec = { ...spec, limitTicks: protectionTicks(cmd.side, best, s.marketBandBps) };
  }
  // The funds check comes first: nothing has changed yet if it fails. What a limit order trades at once
  // is paid straight from its available balance (two journal rows per fill instead of a hold, a post and
  // a release); only what rests on the book is held. A market order holds `most` (below) for its fills.
  const balance = s.ledger.balanceOf(userAccount(cmd.userId, 'change'), payCurrency(m, cmd.side));
  invariant(balance !== null, 'the taker’s account was not preloaded');
  const most = mostSpent(m, cmd.side, spec);
  if (balance.availableMinor < most) throw new AppError('LEDGER_INSUFFICIENT');
  const orderId = s.books.takeOrderId();

  const result = placeWithTimeInForce(mb.book, { ...spec, orderId, userId: cmd.userId }, cmd);
  invariant(result.restingLots === 0 || mayRest(cmd), `order ${orderId} (IOC/FOK) rested`);
  try {
    return afterMatch(s, cmd, mb, result, orderId, at, spec.type === 'market' ? most : 0n);
  } catch (err) {
    // The book has changed: no refusal is possible any more, only a failed batch (rebuilt from the
    // database and retried command by command).
    throw err instanceof AppError && result.fills.length === 0 && result.restingLots === 0
      ? err
      : new Error(`spot settlement failed after matching order ${orderId}`, { cause: err });
  }
}

/** A GTC limit order (post-only or not): the only kind that may rest on the book. */
const mayRest = (cmd: PlaceCommand) =>
  cmd.spec.type === 'limit' && (cmd.timeInForce === undefined || cmd.timeInForce === 'GTC');

/**
 * The most an order can spend: price x amount (buy) or amount (sell); a market buy by base amount its
 * amount x protection price, by quote amount its budget; a market sell its amount.
 */
export function mostSpent(m: SpotMarket, side: 'buy' | 'sell', spec: OrderSpec): bigint {
  if (spec.type === 'limit')
    return side === 'buy' ? m.rules.notionalOf(spec.priceTicks, spec.lots) : m.rules.amountOf(spec.lots);
  if (spec.by === 'quote') return m.rules.quoteOfBudget(spec.quoteBudget);
  if (side === 'sell') return m.rules.amountOf(spec.lots);
  invariant(spec.limitTicks !== undefined, 'a market buy by base amount needs its protection price');
  return m.rules.notionalOf(spec.limitTicks, spec.lots);
}

function afterMatch(
  s: BatchScope,
  cmd: PlaceCommand,
  mb: MarketBook,
  result: PlaceResult,
  orderId: number,
  at: number,
  marketHold: bigint,
): OrderState {
  const m = mb.market;
  invariant(result.reject === null, `engine refused a validated order: ${result.reject}`);
  const isNoop = result.fills.length === 0 && result.restingLots === 0;
  if (isNoop) refuseNoop(result);
  const taker = newOrder(cmd, orderId, at);
  s.work.newOrders.set(taker.id, taker);
  s.work.touchOrder(taker);
  if (cmd.clientOid !== null) s.known.set(clientKey(cmd.userId, cmd.marketId, cmd.clientOid), taker);
  s.work.change(m.id).isBookChanged = true;

  const account = userAccount(cmd.userId, 'change');
  const ref = { type: 'spot_order', id: orderId };
  if (marketHold > 0n && !isNoop) {
    // A market order holds the most it may cost; its fills are paid from the hold (settleFill).
    s.ledger.freeze({
      account,
      currencyId: payCurrency(m, cmd.side),
      amountMinor: marketHold,
      reason: 'spot.freeze',
      ref,
      at,
    });
    taker.held = marketHold;
  }
  for (const fill of result.fills) settleFill(s.books, mb, taker, fill, s.ledger, s.work, at);
  // A market buy by quote amount asked for no base amount: what it bought is its amount.
  if (cmd.spec.type === 'market' && cmd.spec.by === 'quote') taker.amount = taker.filledAmount;
  if (cmd.spec.type === 'market' && taker.held > 0n) {
    // Never rests: what the fills did not spend goes back at once, to the last minor unit.
    s.ledger.release({
      account,
      currencyId: payCurrency(m, cmd.side),
      amountMinor: taker.held,
      reason: 'spot.release',
      ref,
      at,
    });
    taker.held = 0n;
  }

  restOrClose(s, cmd, mb, result, taker, { account, ref, at });
  return taker;
}

/** After the fills: what is left rests (held at the limit price), or the order ends cancelled or filled. */
function restOrClose(
  s: BatchScope,
  cmd: PlaceCommand,
  mb: MarketBook,
  result: PlaceResult,
  taker: OrderState,
  { account, ref, at }: { account: AccountRef; ref: LedgerRef; at: number },
): void {
  const m = mb.market;
  if (result.restingLots > 0) {
    // What rests is held at the limit price (price improvement and unspent budget never left).
    const keep =
      cmd.side === 'buy'
        ? m.rules.notionalOf(taker.priceTicks, result.restingLots)
        : m.rules.amountOf(result.restingLots);
    s.ledger.freeze({
      account,
      currencyId: payCurrency(m, cmd.side),
      amountMinor: keep,
      reason: 'spot.freeze',
      ref,
      at,
    });
    taker.held = keep;
    s.books.addOpen(mb, taker);
  } else if (
    result.cancelReason !== null &&
    !(cmd.spec.type === 'market' && isMarketDone(result, cmd.spec))
  ) {
    taker.status = STATUS.cancelled;
    taker.cancelReason = result.cancelReason;
  } else {
    taker.status = STATUS.filled;
  }
}

/**
 * Nothing traded and nothing rests. A market order into an empty side, an order straight into the user's
 * own, or a post-only order that would have traded: refused, so nothing is recorded. An IOC that crossed
 * nothing (`IOC_REMAINDER`) or a FOK that could not fill whole (`FOK_NOT_FILLED`) is recorded as a
 * cancelled order with that reason (what an API adapter reports as expired), with no money moved.
 */
function refuseNoop(result: PlaceResult): void {
  const reason = result.cancelReason;
  if (reason === 'IOC_REMAINDER' || reason === 'FOK_NOT_FILLED') return;
  if (reason === 'SELF_TRADE') throw new AppError('SPOT_SELF_TRADE');
  if (reason === 'POST_ONLY') throw new AppError('SPOT_POST_ONLY_WOULD_TRADE');
  throw new AppError('SPOT_NO_LIQUIDITY');
}

function newOrder(cmd: PlaceCommand, orderId: number, at: number): OrderState {
  return {
    id: orderId,
    userId: cmd.userId,
    marketId: cmd.marketId,
    side: cmd.side,
    orderType: cmd.orderType,
    price: cmd.price,
    priceTicks: cmd.spec.type === 'limit' ? cmd.spec.priceTicks : 0,
    amount: cmd.amount,
    filledAmount: 0n,
    filledQuote: 0n,
    fee: 0n,
    held: 0n,
    status: STATUS.open,
    cancelReason: null,
    clientOid: cmd.clientOid,
    createdAt: at,
    updatedAt: at,
  };
}

function isMarketDone(result: PlaceResult, spec: OrderSpec): boolean {
  // A market order that traded and stopped only because the rest of its budget buys less than one lot
  // (or because its base amount is done) is filled, not cancelled.
  if (spec.type !== 'market') return false;
  if (result.cancelReason !== 'MARKET_REMAINDER' && result.cancelReason !== 'PRICE_BAND')
    return result.cancelReason === null;
  if (spec.by === 'base') return result.cancelledLots === 0;
  const lastFill = result.fills[result.fills.length - 1];
  return lastFill !== undefined && result.unspentQuote < lastFill.priceTicks;
}

export function cancelOrder(s: BatchScope, cmd: CancelCommand): OrderState {
  const mb = s.books.bookOfOrder(cmd.orderId);
  const o = mb?.open.get(cmd.orderId);
  // The service checked the order exists, is this user's and was open when asked; gone by now means
  // it filled (or was cancelled) in between. Someone else's order reads as not found.
  if (o && o.userId !== cmd.userId) throw new AppError('SPOT_ORDER_NOT_FOUND');
  if (!mb || !o) throw new AppError('SPOT_ORDER_NOT_OPEN');
  const at = cmd.atMs ?? s.at;
  const r = mb.book.cancel(o.id);
  invariant(r.ok, `open order ${o.id} missing from the book`);
  // From here on nothing may be refused: the order has left the book.
  const m = mb.market;
  if (o.held > 0n) {
    s.ledger.release({
      account: userAccount(o.userId, 'change'),
      currencyId: payCurrency(m, o.side),
      amountMinor: o.held,
      reason: 'spot.release',
      ref: { type: 'spot_order', id: o.id },
      at,
    });
    o.held = 0n;
  }
  o.status = STATUS.cancelled;
  o.cancelReason = 'USER';
  o.updatedAt = at;
  s.books.removeOpen(mb, o);
  s.work.touchOrder(o);
  s.work.change(m.id).isBookChanged = true;
  return o;
}
