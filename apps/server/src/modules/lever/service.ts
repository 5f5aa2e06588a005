/**
 * Lever calls that move money: submit, close, revoke, batch close, set stops. Each runs in one
 * transaction with its ledger movements (closes batched, close-batch.ts); after the commit it updates
 * the in-memory index (book.ts) and pushes `lever_trade` / `lever_closed`.
 *
 * Submission refusals, in the order they are checked (nothing is held on any of them):
 *   996 / TRADE_PASSWORD_*      no trade password set, empty, wrong or locked
 *   LEVER_TYPE_INVALID          type not 1 (long) or 2 (short)
 *   LEVER_STATUS_INVALID        status not 1 (market) or 0 (limit)
 *   LEVER_SHARE_INVALID         share not a whole number > 0 ('1.5', '0', '-1', '')
 *   LEVER_MARKET_CLOSED         unknown pair, no lever terms, not displayed or open_lever 0
 *   LEVER_MULTIPLE_INVALID      multiple not among the market's multiples
 *   LEVER_SHARE_BELOW_MIN / LEVER_SHARE_ABOVE_MAX   the market's lot limits
 *   LEVER_NO_PRICE              the market has no mark yet
 *   LEVER_PRICE_INVALID         limit order without a valid price (> 0, at most the quote's decimals)
 *   LEVER_PRICE_WRONG_SIDE      a limit long at or above the mark, a limit short at or below it
 *   LEVER_INSUFFICIENT          margin + fee above the available lever balance
 *   LEVER_TOO_MANY_OPEN         the market's limit of open positions + pending orders per user
 */
import { MoneyError, parseDecimal } from '@oryx/contracts/money';
import { translate } from '@oryx/i18n';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import { recordMark, type MarkPoint } from '../mark/service';
import { requireTradePassword } from '../account/guards';
import { markPriceSource } from '../micro/price-source';
import { parseId, parseWholeNumber } from '@oryx/contracts/micro/input';
import { leverBook } from './book';
import { closeMany } from './close-batch';
import { leverTerms, termsOfPair, type LeverTerms } from './config';
import { revokeOrder, takeMargin, type CloseReason } from './positions';
import { ensureOvernightJob } from './overnight';
import { pushAfter, pushChanges } from './push';
import { leverRepo, type LeverOrder } from './repo';
import { chargeOnValue, limitOnRightSide, marginOf, openPriceOf, stopsValid, type LeverType } from './rules';

export interface SubmitInput {
  legal_id?: unknown;
  currency_id?: unknown;
  multiple?: unknown;
  share?: unknown;
  type?: unknown;
  status?: unknown;
  target_price?: unknown;
  password?: unknown;
}

const passwordOf = (raw: unknown) => (raw === undefined || raw === null ? '' : String(raw));

function parseOrderShape(input: SubmitInput) {
  const type = parseId(input.type);
  if (type !== 1 && type !== 2) throw new AppError('LEVER_TYPE_INVALID');
  const statusText = String(input.status ?? '');
  if (statusText !== '0' && statusText !== '1') throw new AppError('LEVER_STATUS_INVALID');
  const share = parseWholeNumber(input.share);
  if (!share.ok) throw new AppError('LEVER_SHARE_INVALID');
  return { type: type as LeverType, isMarket: statusText === '1', share: share.value };
}

async function openTerms(db: Db, input: SubmitInput): Promise<LeverTerms> {
  const legalId = parseId(input.legal_id);
  const currencyId = parseId(input.currency_id);
  const t = legalId && currencyId ? await termsOfPair(db, legalId, currencyId) : undefined;
  if (!t || !t.isOpen) throw new AppError('LEVER_MARKET_CLOSED');
  return t;
}

function parseLimitPrice(raw: unknown, t: LeverTerms): bigint {
  try {
    return parseDecimal(typeof raw === 'number' ? String(raw) : raw, t.quoteScale, { maxDigits: 15 });
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError('LEVER_PRICE_INVALID');
    throw err;
  }
}

/** Checks, prices and opens (or rests) an order; returns the text to show. */
export async function submitOrder(ctx: AppContext, userId: number, input: SubmitInput, locale: string) {
  await requireTradePassword(ctx, userId, passwordOf(input.password));
  const shape = parseOrderShape(input);
  const t = await openTerms(ctx.db, input);
  const multiple = parseId(input.multiple);
  if (multiple === null || !t.multiples.includes(multiple)) throw new AppError('LEVER_MULTIPLE_INVALID');
  if (shape.share < t.minShare) throw new AppError('LEVER_SHARE_BELOW_MIN', { min: t.minShare });
  if (t.maxShare > 0 && shape.share > t.maxShare)
    throw new AppError('LEVER_SHARE_ABOVE_MAX', { max: t.maxShare });
  const now = ctx.clock.now();
  const mark = await markPriceSource(ctx).markAt(ctx.db, t.marketId, now);
  if (mark.method === 'none') throw new AppError('LEVER_NO_PRICE');
  let origin = mark.priceMinor;
  if (!shape.isMarket) {
    origin = parseLimitPrice(input.target_price, t);
    if (!limitOnRightSide(shape.type, origin, mark.priceMinor)) throw new AppError('LEVER_PRICE_WRONG_SIDE');
  }
  const price = openPriceOf(shape.type, origin, t.spreadBps);
  const numberMinor = BigInt(shape.share) * t.shareNumMinor;
  const margin = marginOf(price, numberMinor, t.baseScale, multiple);
  const fee = chargeOnValue(price, numberMinor, t.baseScale, t.feeBps);
  const row = await runInTransaction(ctx.db, async (trx) => {
    const markId = shape.isMarket ? (await recordMark(trx, mark, now)).id : null;
    if (shape.isMarket) await ensureOvernightJob(trx, now);
    const created = await leverRepo.create(trx, {
      user_id: userId,
      market_id: t.marketId,
      legal_id: t.legalId,
      type: shape.type,
      status: shape.isMarket ? 1 : 0,
      share: shape.share,
      multiple,
      number_minor: numberMinor,
      origin_price_minor: origin,
      price_minor: price,
      origin_margin_minor: margin,
      margin_minor: margin,
      fee_minor: fee,
      overnight_minor: 0n,
      overnight_day: '',
      spread_bps: t.spreadBps,
      overnight_bps: t.overnightBps,
      target_profit_minor: 0n,
      stop_loss_minor: 0n,
      open_mark_id: markId,
      created_at: now,
      opened_at: shape.isMarket ? now : null,
    });
    const id = created.id;
    try {
      await takeMargin(trx, { id, userId, legalId: t.legalId, marginMinor: margin, feeMinor: fee, at: now });
    } catch (err) {
      if (err instanceof AppError && err.code === 'LEDGER_INSUFFICIENT') {
        throw new AppError('LEVER_INSUFFICIENT', { currency: t.legalName });
      }
      throw err;
    }
    // After the freeze, which locks the user's lever account row on PostgreSQL: the count is exact.
    if ((await leverRepo.countLive(trx, userId, t.marketId)) > t.maxOpen) {
      throw new AppError('LEVER_TOO_MANY_OPEN', { max: t.maxOpen });
    }
    return created;
  });
  leverBook(ctx).put(row);
  await pushChanges(ctx, userId, t.legalId, []);
  return translate(locale, shape.isMarket ? 'lever.submitted' : 'lever.pending');
}

/** The caller's own order; another user's id reads exactly like an unknown one. */
export async function ownOrder(db: Db, userId: number, rawId: unknown): Promise<LeverOrder> {
  const id = parseId(rawId);
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
    const point = await markPriceSource(ctx).markAt(ctx.db, marketId, now);
    if (point.method === 'none') throw new AppError('LEVER_NO_PRICE');
    points.set(marketId, point);
  }
  const baseScales = new Map((await leverTerms(ctx.db)).map((t) => [t.marketId, t.baseScale]));
  const targets = orders.map((o) => ({ id: o.id, userId: o.user_id, reason }));
  return closeMany(ctx, targets, { points, baseScales, at: now });
}

export async function closeOne(ctx: AppContext, userId: number, rawId: unknown, locale: string) {
  const o = await ownOrder(ctx.db, userId, rawId);
  if (o.status !== 1) throw new AppError('LEVER_ORDER_NOT_OPEN');
  const closed = await closeOrders(ctx, [o], 'user');
  if (closed.length === 0) throw new AppError('LEVER_ORDER_NOT_OPEN');
  await pushAfter(ctx, closed);
  return translate(locale, 'lever.closed');
}

export async function cancelOne(ctx: AppContext, userId: number, rawId: unknown, locale: string) {
  const o = await ownOrder(ctx.db, userId, rawId);
  if (o.status !== 0) throw new AppError('LEVER_ORDER_NOT_PENDING');
  await runInTransaction(ctx.db, (trx) => revokeOrder(trx, o, ctx.clock.now()));
  leverBook(ctx).drop(o.id);
  await pushChanges(ctx, userId, o.legal_id, [o.id]);
  return translate(locale, 'lever.cancelled');
}

/** Batch close: type 0 all, 1 longs, 2 shorts; optionally one quote currency (`legal_id`). */
export async function batchClose(
  ctx: AppContext,
  userId: number,
  input: { type?: unknown; legal_id?: number },
  locale: string,
) {
  const text = String(input.type ?? '');
  if (!['0', '1', '2'].includes(text)) throw new AppError('LEVER_BATCH_TYPE_INVALID');
  const type = Number(text);
  const live = await leverRepo.liveOf(ctx.db, userId, input.legal_id || undefined);
  const targets = live.filter((o) => o.status === 1 && (type === 0 || o.type === type));
  const closed = await closeOrders(ctx, targets, 'batch');
  await pushAfter(ctx, closed, targets);
  return translate(locale, 'lever.batchClosed', { count: closed.length });
}

function parseStop(raw: unknown, scale: number): bigint {
  if (raw === undefined || raw === null || raw === '') return 0n;
  try {
    return parseDecimal(typeof raw === 'number' ? String(raw) : raw, scale, { maxDigits: 15 });
  } catch {
    throw new AppError('LEVER_STOP_INVALID');
  }
}

/** Take-profit and stop-loss of an open position (or a pending order, against its limit price). */
export async function setStop(
  ctx: AppContext,
  userId: number,
  input: { id?: unknown; target_profit_price?: unknown; stop_loss_price?: unknown },
  locale: string,
) {
  const o = await ownOrder(ctx.db, userId, input.id);
  if (o.status !== 1 && o.status !== 0) throw new AppError('LEVER_ORDER_NOT_OPEN');
  const scale = (
    await ctx.db
      .selectFrom('currencies')
      .select('scale')
      .where('id', '=', o.legal_id)
      .executeTakeFirstOrThrow()
  ).scale;
  const tp = parseStop(input.target_profit_price, scale);
  const sl = parseStop(input.stop_loss_price, scale);
  if (tp === 0n && sl === 0n) throw new AppError('LEVER_STOP_INVALID');
  const mark = await markPriceSource(ctx).markAt(ctx.db, o.market_id, ctx.clock.now());
  const current = o.status === 0 || mark.method === 'none' ? o.price_minor : mark.priceMinor;
  if (!stopsValid(o.type as LeverType, tp, sl, current, o.price_minor))
    throw new AppError('LEVER_STOP_WRONG_SIDE');
  const row = await runInTransaction(ctx.db, (trx) =>
    leverRepo.update(trx, o.id, o.status, { target_profit_minor: tp, stop_loss_minor: sl }),
  );
  if (!row) throw new AppError('LEVER_ORDER_NOT_OPEN');
  leverBook(ctx).put(row);
  await pushChanges(ctx, userId, o.legal_id, []);
  return translate(locale, 'lever.stopSet');
}
