/**
 * `lever/submit`: checks, prices and opens (market) or rests (limit) an order in one transaction with its
 * ledger movements; after the commit the order joins the in-memory index (book.ts) and the owner gets
 * `lever_trade`. A request named by an `Idempotency-Key` header or `client_id` (lib/idempotency.ts) has
 * one effect however often it is retried: the retry gets the first reply and opens nothing more.
 *
 * Submission refusals, in the order they are checked (nothing is held on any of them):
 *   996 / TRADE_PASSWORD_*      no trade password set, empty, wrong or locked
 *   LEVER_TYPE_INVALID          type not 1 (long) or 2 (short)
 *   LEVER_STATUS_INVALID        status not 1 (market) or 0 (limit)
 *   LEVER_SHARE_INVALID         share not a whole number > 0 ('1.5', '0', '-1', '')
 *   LEVER_MARKET_CLOSED         unknown pair, no lever terms, not displayed or open_lever 0
 *   LEVER_MULTIPLE_INVALID      multiple not among the market's multiples
 *   LEVER_SHARE_BELOW_MIN / LEVER_SHARE_ABOVE_MAX   the market's lot limits
 *   LEVER_MULTIPLE_TOO_HIGH     its liquidation move is smaller than the mark's band (limits.ts)
 *   LEVER_NO_PRICE              the market has no mark yet
 *   LEVER_PRICE_INVALID         limit order without a valid price (> 0, at most the quote's decimals)
 *   LEVER_PRICE_WRONG_SIDE      a limit long at or above the mark, a limit short at or below it
 *   LEVER_MARKET_TOO_THIN       no book deep enough in the mark's window (nothing to limit by)
 *   LEVER_SIZE_ABOVE_DEPTH      the order could gain more than moving the mark costs (limits.ts)
 *   LEVER_EXPOSURE_FULL         the market's live orders of this direction reached that cost
 *   LEVER_INSUFFICIENT          margin + fee above the available lever balance
 *   LEVER_TOO_MANY_OPEN         the market's limit of open positions + pending orders per user
 */
import type { Transaction } from 'kysely';
import type { Database } from '@oryx/db/schema';
import { MoneyError, parseDecimal } from '@oryx/contracts/money';
import type { z } from 'zod';
import type { LeverSubmitCall } from '@oryx/contracts/lever/calls';
import { translate } from '@oryx/i18n';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { clientKeyOf, runIdempotent } from '../../lib/idempotency';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import { markConfig } from '../mark/config';
import { recordMark } from '../mark/service';
import { requireTradePassword } from '../account/guards';
import { termsOfPair, type LeverTerms } from './config';
import {
  LEVER_EXPOSURE_COST_BPS,
  LEVER_POSITION_COST_BPS,
  isAboveCost,
  maxLotsOf,
  maxMultipleOf,
  valueOf,
} from './limits';
import { takeMargin } from './positions';
import { ensureOvernightJob } from './overnight';
import { pushChanges } from './push';
import { leverRepo, type LeverOrder } from './repo';
import { chargeOnValue, limitOnRightSide, marginOf, openPriceOf, type LeverType } from './rules';

/** The submit call's fields, each already read by the contract (a number, or null when unreadable). */
export type SubmitInput = z.output<typeof LeverSubmitCall.input>;

const passwordOf = (raw: unknown) => (raw === undefined || raw === null ? '' : String(raw));

function orderShape(input: SubmitInput) {
  const { type, status, share } = input;
  if (type !== 1 && type !== 2) throw new AppError('LEVER_TYPE_INVALID');
  if (status === null) throw new AppError('LEVER_STATUS_INVALID');
  if (share === null) throw new AppError('LEVER_SHARE_INVALID');
  return { type: type as LeverType, isMarket: status === 1, share };
}

async function openTerms(db: Db, input: SubmitInput): Promise<LeverTerms> {
  const { legal_id: legalId, currency_id: currencyId } = input;
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

/** The multiple, after checking it and the lots against the market's terms. */
function sizeChecked(t: LeverTerms, share: number, multiple: number | null): number {
  if (multiple === null || !t.multiples.includes(multiple)) throw new AppError('LEVER_MULTIPLE_INVALID');
  if (share < t.minShare) throw new AppError('LEVER_SHARE_BELOW_MIN', { min: t.minShare });
  if (t.maxShare > 0 && share > t.maxShare) throw new AppError('LEVER_SHARE_ABOVE_MAX', { max: t.maxShare });
  return multiple;
}

/** The mark now and the order's prices, margin and fee (refusing a missing mark or a bad limit). */
async function priceOf(
  ctx: AppContext,
  t: LeverTerms,
  shape: ReturnType<typeof orderShape>,
  multiple: number,
  input: SubmitInput,
  now: number,
) {
  const mark = await ctx.services.mark.prices.markAt(ctx.db, t.marketId, now);
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
  return { mark, origin, price, numberMinor, margin, fee };
}

/** The multiple against the mark's band (limits.ts); returns the band. */
async function multipleChecked(ctx: AppContext, t: LeverTerms, multiple: number): Promise<number> {
  const bandBps = (await markConfig(ctx.db, t.marketId)).bandBps;
  const max = maxMultipleOf(t.liquidationRateBps, bandBps);
  if (multiple > max) throw new AppError('LEVER_MULTIPLE_TOO_HIGH', { max });
  return bandBps;
}

/**
 * Size and exposure against the cost of moving the mark now (limits.ts). The exposure is read from the
 * in-memory index of live orders (book.ts), as the risk loop reads it.
 */
async function depthChecked(
  ctx: AppContext,
  t: LeverTerms,
  o: { type: LeverType; price: bigint; numberMinor: bigint; bandBps: number; now: number },
): Promise<void> {
  const cost = await ctx.services.mark.prices.moveCostAt(ctx.db, t.marketId, o.now);
  if (cost === null || cost <= 0n) throw new AppError('LEVER_MARKET_TOO_THIN');
  const value = valueOf(o.price, o.numberMinor, t.baseScale);
  if (isAboveCost(value, o.bandBps, cost, LEVER_POSITION_COST_BPS)) {
    const max = maxLotsOf(valueOf(o.price, t.shareNumMinor, t.baseScale), o.bandBps, cost);
    throw new AppError('LEVER_SIZE_ABOVE_DEPTH', { max });
  }
  const book = ctx.services.lever.book;
  await book.ready();
  let live = 0n;
  for (const e of book.entries()) {
    if (e.ev.marketId === t.marketId && e.ev.type === o.type)
      live += valueOf(e.ev.priceMinor, e.ev.numberMinor, t.baseScale);
  }
  if (isAboveCost(live + value, o.bandBps, cost, LEVER_EXPOSURE_COST_BPS))
    throw new AppError('LEVER_EXPOSURE_FULL');
}

/** Runs the submission's transaction: plainly, or once per client key (the route's). */
export type SubmitRunner = <T>(fn: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;

/** Checks, prices and opens (or rests) an order; returns the text to show. */
export async function submitOrder(
  ctx: AppContext,
  userId: number,
  input: SubmitInput,
  locale: string,
  run: SubmitRunner = (fn) => runInTransaction(ctx.db, fn),
) {
  await requireTradePassword(ctx, userId, passwordOf(input.password));
  const shape = orderShape(input);
  const t = await openTerms(ctx.db, input);
  const multiple = sizeChecked(t, shape.share, input.multiple);
  const bandBps = await multipleChecked(ctx, t, multiple);
  const now = ctx.clock.now();
  const priced = await priceOf(ctx, t, shape, multiple, input, now);
  const { mark, origin, price, numberMinor, margin, fee } = priced;
  await depthChecked(ctx, t, { type: shape.type, price, numberMinor, bandBps, now });
  let row: LeverOrder | undefined; // set when this request opened the order (not on a replay)
  await run(async (trx) => {
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
      liquidation_rate_bps: t.liquidationRateBps,
      fee_bps: t.feeBps,
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
    row = created;
    return { id };
  });
  if (row) ctx.services.lever.book.put(row);
  await pushChanges(ctx, userId, t.legalId, []);
  return translate(locale, shape.isMarket ? 'lever.submitted' : 'lever.pending');
}

/**
 * The route's runner: once per (user, `lever.submit`, client key). The request's identity is its order
 * fields; the trade password is left out of the stored hash.
 */
export function idempotentSubmit(
  ctx: AppContext,
  userId: number,
  headers: Record<string, unknown>,
  input: SubmitInput,
): SubmitRunner {
  const key = clientKeyOf(headers, input);
  const { client_id: _id, password: _password, ...payload } = input;
  return (fn) =>
    runIdempotent(ctx.db, { userId, scope: 'lever.submit', key, payload, now: ctx.clock.now() }, fn);
}
