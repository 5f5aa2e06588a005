/**
 * The user-data stream's payloads, field for field as Binance's: `executionReport` (one order's
 * placement, each of its fills, its end) and `outboundAccountPosition` (balances). Statuses, ids,
 * prices, quantities and commissions come from the REST API's own mappings (`binance/wire.ts`:
 * `orderOut`, `fillOut`), so a stream event and a later `GET /api/v3/order` / `myTrades` agree. Pure.
 */
import { formatMinor } from '@oryx/contracts/money';
import { fillOut, orderOut, qty, quote, type BinanceStatus } from './wire';
import type { SpotMarket } from '../spot/markets';
import { orderToRow, tradeToRow, type OrderState, type TradeRecord } from '../spot/orders';

export type ExecutionType = 'NEW' | 'TRADE' | 'CANCELED' | 'EXPIRED';

/** What every executionReport of one order in one batch shares. */
interface ReportParts {
  m: SpotMarket;
  o: OrderState;
  out: ReturnType<typeof orderOut>;
  now: number;
  nextExecutionId: () => number;
}

/** One executionReport's fields before a fill's own (`filled`, `filledQuote`: the order's totals so far). */
function reportBase(
  { m, o, out, now, nextExecutionId }: ReportParts,
  e: {
    x: ExecutionType;
    X: BinanceStatus;
    at: number;
    isWorking: boolean;
    filled: bigint;
    filledQuote: bigint;
  },
): Record<string, unknown> {
  return {
    e: 'executionReport',
    E: now,
    s: out.symbol,
    c: out.clientOrderId,
    S: out.side,
    o: out.type,
    f: out.timeInForce,
    q: out.origQty,
    p: out.price,
    P: out.stopPrice,
    F: out.icebergQty,
    g: -1,
    C: e.x === 'CANCELED' ? out.clientOrderId : '',
    x: e.x,
    X: e.X,
    r: 'NONE',
    i: o.id,
    l: qty(m, 0n),
    z: qty(m, e.filled),
    L: formatMinor(0n, m.quoteScale),
    n: '0',
    N: null,
    T: e.at,
    t: -1,
    I: nextExecutionId(),
    w: e.isWorking,
    m: false,
    M: false,
    O: o.createdAt,
    Z: quote(m, e.filledQuote),
    Y: quote(m, 0n),
    Q: out.origQuoteOrderQty,
    W: out.workingTime,
    V: out.selfTradePreventionMode,
  };
}

/**
 * The executionReports of one order in one committed batch, in order: NEW when the batch placed it, one
 * TRADE per fill (its trades, by id), then CANCELED / EXPIRED when the batch ended it without filling it.
 * `trades` are the batch's trades of this market (others' too: only this order's are used).
 * `nextExecutionId` numbers the events (`I`).
 */
export function executionReports(
  m: SpotMarket,
  o: OrderState,
  isNew: boolean,
  trades: readonly TradeRecord[],
  now: number,
  nextExecutionId: () => number,
): object[] {
  const out = orderOut(m, orderToRow(o));
  const mine = trades
    .filter((t) => t.makerOrderId === o.id || t.takerOrderId === o.id)
    .sort((a, b) => a.id - b.id);
  // What was filled before this batch: the final figures less this batch's fills.
  let filled = o.filledAmount;
  let filledQuote = o.filledQuote;
  for (const t of mine) {
    filled -= t.amount;
    filledQuote -= t.quote;
  }
  const r: ReportParts = { m, o, out, now, nextExecutionId };
  const base = (x: ExecutionType, X: BinanceStatus, at: number, isWorking: boolean) =>
    reportBase(r, { x, X, at, isWorking, filled, filledQuote });
  const events: object[] = [];
  const isLimit = o.orderType === 'limit';
  if (isNew) events.push(base('NEW', 'NEW', o.createdAt, isLimit));
  mine.forEach((t, i) => {
    filled += t.amount;
    filledQuote += t.quote;
    const isLast = i === mine.length - 1;
    // The last fill carries FILLED when the order is; a rest the batch then ended gets its own event.
    const X: BinanceStatus = isLast && o.status === 2 ? 'FILLED' : 'PARTIALLY_FILLED';
    // On the book after this fill: a limit order still open, or a resting one between fills.
    const isWorking = isLimit && (isLast ? o.status === 1 : !isNew);
    const f = fillOut(m, tradeToRow(t), o.id);
    events.push({
      ...base('TRADE', X, t.at, isWorking),
      l: f.qty,
      L: f.price,
      n: f.commission,
      N: f.commissionAsset,
      t: t.id,
      m: t.makerOrderId === o.id,
      Y: quote(m, t.quote),
    });
  });
  if (o.status === 3) {
    const X = out.status as 'CANCELED' | 'EXPIRED';
    events.push(base(X, X, o.updatedAt, false));
  }
  return events;
}

/** One balance of an `outboundAccountPosition`: `a` asset, `f` free, `l` locked. */
export interface PositionBalance {
  a: string;
  f: string;
  l: string;
}

export const accountPositionEvent = (balances: PositionBalance[], now: number) => ({
  e: 'outboundAccountPosition',
  E: now,
  u: now,
  B: balances,
});

export const listenKeyExpiredEvent = (listenKey: string, now: number) => ({
  e: 'listenKeyExpired',
  E: now,
  listenKey,
});
