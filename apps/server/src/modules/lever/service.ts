/**
 * Lever calls that close or change orders: close, revoke, batch close, set stops (submit: submit.ts).
 * Each runs in one transaction with its ledger movements (closes batched, close-batch.ts); after the
 * commit it updates the in-memory index (book.ts) and pushes `lever_trade` / `lever_closed`.
 */
import { parseDecimal } from '@oryx/contracts/money';
import { translate } from '@oryx/i18n';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import type { MarkPoint } from '../mark/service';
import { closeMany } from './close-batch';
import { leverTerms } from './config';
import { revokeOrder, type CloseReason } from './positions';
import { pushAfter, pushChanges } from './push';
import { leverRepo, type LeverOrder } from './repo';
import { stopsValid, type LeverType } from './rules';
import { catalogRepo } from '../catalog/repo';

/** The caller's own order; another user's id reads exactly like an unknown one. */
export async function ownOrder(db: Db, userId: number, id: number | null): Promise<LeverOrder> {
  const o = id === null ? undefined : await leverRepo.byId(db, id);
  if (!o || o.user_id !== userId) throw new AppError('LEVER_ORDER_NOT_FOUND');
  return o;
}

/**
 * Closes open positions at the mark now, batched (close-batch.ts); returns the rows closed. A market
 * without a mark refuses (LEVER_NO_PRICE) rather than closing at a guess.
 */
export async function closeOrders(
  ctx: AppContext,
  orders: LeverOrder[],
  reason: CloseReason,
): Promise<LeverOrder[]> {
  if (orders.length === 0) return [];
  const now = ctx.clock.now();
  const points = new Map<number, MarkPoint>();
  for (const marketId of new Set(orders.map((o) => o.market_id))) {
    const point = await ctx.services.mark.prices.markAt(ctx.db, marketId, now);
    if (point.method === 'none') throw new AppError('LEVER_NO_PRICE');
    points.set(marketId, point);
  }
  const baseScales = new Map((await leverTerms(ctx.db)).map((t) => [t.marketId, t.baseScale]));
  const targets = orders.map((o) => ({ id: o.id, userId: o.user_id, reason }));
  return closeMany(ctx, targets, { points, baseScales, at: now });
}

export async function closeOne(ctx: AppContext, userId: number, id: number | null, locale: string) {
  const o = await ownOrder(ctx.db, userId, id);
  if (o.status !== 1) throw new AppError('LEVER_ORDER_NOT_OPEN');
  const closed = await closeOrders(ctx, [o], 'user');
  if (closed.length === 0) throw new AppError('LEVER_ORDER_NOT_OPEN');
  await pushAfter(ctx, closed);
  return translate(locale, 'lever.closed');
}

export async function cancelOne(ctx: AppContext, userId: number, id: number | null, locale: string) {
  const o = await ownOrder(ctx.db, userId, id);
  if (o.status !== 0) throw new AppError('LEVER_ORDER_NOT_PENDING');
  await runInTransaction(ctx.db, (trx) => revokeOrder(trx, o, ctx.clock.now()));
  ctx.services.lever.book.drop(o.id);
  await pushChanges(ctx, userId, o.legal_id, [o.id]);
  return translate(locale, 'lever.cancelled');
}

/** Batch close: type 0 all, 1 longs, 2 shorts; optionally one quote currency (`legal_id`). */
export async function batchClose(
  ctx: AppContext,
  userId: number,
  input: { type: 0 | 1 | 2 | null; legal_id?: number },
  locale: string,
) {
  const type = input.type;
  if (type === null) throw new AppError('LEVER_BATCH_TYPE_INVALID');
  const live = await leverRepo.liveOf(ctx.db, userId, input.legal_id || undefined);
  const targets = live.filter((o) => o.status === 1 && (type === 0 || o.type === type));
  const closed = await closeOrders(ctx, targets, 'batch');
  await pushAfter(ctx, closed, targets);
  return translate(locale, 'lever.batchClosed', { count: closed.length });
}

function parseStop(raw: unknown, scale: number): bigint {
  if (raw === undefined || raw === null || raw === '') return 0n;
  try {
    // "0" clears a stop (the page sends it for an empty field), as the call documents.
    return parseDecimal(typeof raw === 'number' ? String(raw) : raw, scale, {
      maxDigits: 15,
      allowZero: true,
    });
  } catch {
    throw new AppError('LEVER_STOP_INVALID');
  }
}

/** Take-profit and stop-loss of an open position (or a pending order, against its limit price). */
export async function setStop(
  ctx: AppContext,
  userId: number,
  input: { id: number | null; target_profit_price?: unknown; stop_loss_price?: unknown },
  locale: string,
) {
  const o = await ownOrder(ctx.db, userId, input.id);
  if (o.status !== 1 && o.status !== 0) throw new AppError('LEVER_ORDER_NOT_OPEN');
  const quote = await catalogRepo.currency(ctx.db, o.legal_id);
  if (!quote) throw new Error(`currency ${o.legal_id} of lever order ${o.id} is gone`);
  const scale = quote.scale;
  const tp = parseStop(input.target_profit_price, scale);
  const sl = parseStop(input.stop_loss_price, scale);
  if (tp === 0n && sl === 0n) throw new AppError('LEVER_STOP_INVALID');
  const mark = await ctx.services.mark.prices.markAt(ctx.db, o.market_id, ctx.clock.now());
  const current = o.status === 0 || mark.method === 'none' ? o.price_minor : mark.priceMinor;
  if (!stopsValid(o.type as LeverType, tp, sl, current, o.price_minor))
    throw new AppError('LEVER_STOP_WRONG_SIDE');
  const row = await runInTransaction(ctx.db, (trx) =>
    leverRepo.update(trx, o.id, o.status, { target_profit_minor: tp, stop_loss_minor: sl }),
  );
  if (!row) throw new AppError('LEVER_ORDER_NOT_OPEN');
  ctx.services.lever.book.put(row);
  await pushChanges(ctx, userId, o.legal_id, []);
  return translate(locale, 'lever.stopSet');
}
