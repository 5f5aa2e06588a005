/**
 * Seconds options: placing an order. Reading orders is in service.ts, settlement in settle.ts; README.md
 * beside this file says how it fits together.
 *
 * Submission refusals, in the order they are checked (the first that applies is reported; nothing is
 * held on any of them, because every check runs inside the order's transaction or before it):
 *   MICRO_NUMBER_REQUIRED / MICRO_NUMBER_INVALID   empty, or not a whole number > 0 ('1.5', '0', '-1', '1e3')
 *   MICRO_TYPE_INVALID                             type not 1 (up) or 2 (down)
 *   MICRO_MARKET_CLOSED                            unknown market, not displayed, or not open for micro
 *   MICRO_CURRENCY_UNKNOWN                         not a paying currency
 *   MICRO_SECONDS_UNKNOWN                          not an enabled duration
 *   MICRO_NUMBER_BELOW_MIN / MICRO_NUMBER_ABOVE_MAX the duration's and currency's minimum, the currency's maximum
 *   MICRO_NO_PRICE                                 the market has no mark yet (nothing recorded to open at)
 *   MICRO_MARKET_TOO_THIN                          no book deep enough in the mark's window (nothing to limit by)
 *   MICRO_STAKE_ABOVE_DEPTH                        the stake could win more than moving the mark costs (README "Limits")
 *   MICRO_EXPOSURE_FULL                            the market's open payouts in this direction reached that cost
 *   MICRO_INSUFFICIENT                             stake + fee above the available micro balance
 *   MICRO_TOO_MANY_OPEN                            the currency's open-order limit reached
 */
import { translate } from '@oryx/i18n';
import { feeOf, pow10 } from '@oryx/contracts/money';
import type { MicroSubmitCall } from '@oryx/contracts/micro/calls';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import type { Db } from '../../db/connection';
import { schedule } from '../scheduler/scheduler';
import { microConfigRepo, microLimits, stakeRoom, type CurrencyTermsRow } from './config';
import { recordMark } from '../mark/service';
import { microRepo } from './repo';
import { profitOf } from './rules';
import { LEDGER_REF_TYPE, SETTLE_JOB } from './service';
import { catalogRepo } from '../catalog/repo';

export type SubmitInput = z.output<typeof MicroSubmitCall.input>;

/**
 * Opens an order in the caller's transaction: order row, stake held, fee to `fees`, settlement job,
 * all or nothing. Returns the order id.
 */
export async function submitOrder(
  ctx: AppContext,
  trx: Db,
  userId: number,
  input: SubmitInput,
): Promise<number> {
  const { number, type } = parseStake(input);
  const { market, terms, duration } = await checkTerms(trx, input, number);

  const now = ctx.clock.now();
  const source = ctx.services.mark.prices;
  const mark = await source.markAt(trx, market.id, now);
  if (mark.method === 'none') throw new AppError('MICRO_NO_PRICE');

  const stakeMinor = BigInt(number) * pow10(terms.scale);
  await checkDepthLimits(ctx, trx, {
    marketId: market.id,
    quoteCurrencyId: market.legal_id,
    terms,
    type,
    number,
    stakeMinor,
    ratioBps: duration.profit_ratio_bps,
    nowMs: now,
  });
  // One mark per market and moment: an order opened in the same millisecond shows the same one.
  const open = await recordMark(trx, mark, now);
  const feeMinor = feeOf(stakeMinor, terms.fee_bps);
  const orderId = await microRepo.insertOrder(trx, {
    user_id: userId,
    market_id: market.id,
    currency_id: terms.currency_id,
    type,
    seconds: duration.seconds,
    profit_ratio_bps: duration.profit_ratio_bps,
    number,
    stake_minor: stakeMinor,
    fee_bps: terms.fee_bps,
    fee_minor: feeMinor,
    status: 1,
    opened_at: now,
    expires_at: now + duration.seconds * 1000,
    open_price_minor: open.priceMinor,
    open_trade_id: mark.lastTrade?.id ?? 0,
    open_trade_at: mark.lastTrade?.atMs ?? 0,
    open_mark_id: open.id,
  });
  await holdStake(trx, { userId, orderId, terms, stakeMinor, feeMinor, now });
  const openCount = await microRepo.countOpen(trx, userId, terms.currency_id);
  if (openCount > terms.max_open_orders) {
    throw new AppError('MICRO_TOO_MANY_OPEN', { max: terms.max_open_orders });
  }
  await schedule(
    trx,
    SETTLE_JOB,
    now + duration.seconds * 1000,
    { orderId },
    {
      uniqueKey: `order:${orderId}`,
      nowMs: now,
    },
  );
  return orderId;
}

/**
 * The stake as the client sent it, checked by the contract's parser: a fraction ('10.5', 10.5) is
 * refused here, never rounded or cut. Then the direction.
 */
function parseStake(input: SubmitInput): { number: number; type: number } {
  const parsedNumber = input.number;
  if (!parsedNumber.ok) {
    throw new AppError(parsedNumber.reason === 'required' ? 'MICRO_NUMBER_REQUIRED' : 'MICRO_NUMBER_INVALID');
  }
  const number = parsedNumber.value;
  const type = input.type;
  if (type !== 1 && type !== 2) throw new AppError('MICRO_TYPE_INVALID');
  return { number, type };
}

/** The market, the paying currency's terms and the duration, with the stake's minimum and maximum. */
async function checkTerms(trx: Db, input: SubmitInput, number: number) {
  const marketId = input.match_id;
  const market = marketId === null ? undefined : await catalogRepo.market(trx, marketId);
  if (!market || market.is_display !== 1 || market.open_microtrade !== 1) {
    throw new AppError('MICRO_MARKET_CLOSED');
  }

  const currencyId = input.currency_id;
  const terms = (await microConfigRepo.payable(trx)).find((c) => c.currency_id === currencyId);
  if (!terms) throw new AppError('MICRO_CURRENCY_UNKNOWN');

  const seconds = input.seconds;
  const duration = seconds === null ? undefined : await microConfigRepo.secondsOf(trx, seconds);
  if (!duration || duration.is_enabled !== 1) throw new AppError('MICRO_SECONDS_UNKNOWN');

  const min = Math.max(duration.min_number, terms.min_number);
  if (number < min) throw new AppError('MICRO_NUMBER_BELOW_MIN', { min, currency: terms.name });
  if (terms.max_number > 0 && number > terms.max_number) {
    throw new AppError('MICRO_NUMBER_ABOVE_MAX', { max: terms.max_number, currency: terms.name });
  }
  return { market, terms, duration };
}

/** Holds the stake and moves the fee to `fees`, both through the ledger, referring to the order. */
async function holdStake(
  trx: Db,
  o: {
    userId: number;
    orderId: number;
    terms: CurrencyTermsRow;
    stakeMinor: bigint;
    feeMinor: bigint;
    now: number;
  },
): Promise<void> {
  const { terms, stakeMinor, feeMinor, now } = o;
  const ref = { type: LEDGER_REF_TYPE, id: o.orderId };
  const account = userAccount(o.userId, 'micro');
  try {
    // The freeze comes first: on PostgreSQL it locks the user's micro account row until commit, so two
    // concurrent submissions of one user are serialized and the open-order count below is exact.
    await ledger.freeze(trx, {
      account,
      currencyId: terms.currency_id,
      amountMinor: stakeMinor,
      reason: 'micro.stake',
      ref,
      at: now,
    });
    if (feeMinor > 0n) {
      await ledger.transfer(trx, {
        from: account,
        to: systemAccount('fees'),
        currencyId: terms.currency_id,
        amountMinor: feeMinor,
        reason: 'micro.fee',
        ref,
        at: now,
      });
    }
  } catch (err) {
    if (err instanceof AppError && err.code === 'LEDGER_INSUFFICIENT') {
      throw new AppError('MICRO_INSUFFICIENT', { currency: terms.name });
    }
    throw err;
  }
}

export const submittedText = (locale: string) => translate(locale, 'micro.submitted');

/**
 * The limits that follow the book (README.md "Limits"): one order's payout and all open payouts of its
 * direction on the market stay below what moving the mark by its band costs. On PostgreSQL the market
 * row is locked first, so two submissions on one market cannot both take the last room.
 */
async function checkDepthLimits(
  ctx: AppContext,
  trx: Db,
  o: {
    marketId: number;
    quoteCurrencyId: number;
    terms: CurrencyTermsRow;
    type: number;
    number: number;
    stakeMinor: bigint;
    ratioBps: number;
    nowMs: number;
  },
): Promise<void> {
  if (ctx.dialect === 'postgres') {
    await catalogRepo.lockMarket(trx, o.marketId);
  }
  // The cost is in the market's quote currency: another paying currency has no depth to compare with.
  const cost =
    o.terms.currency_id === o.quoteCurrencyId
      ? await ctx.services.mark.prices.moveCostAt(trx, o.marketId, o.nowMs)
      : null;
  if (cost === null || cost <= 0n) throw new AppError('MICRO_MARKET_TOO_THIN');
  const open = await microRepo.openStakeByRatio(trx, o.marketId, o.type);
  const openPayoutMinor = open.reduce((a, g) => a + profitOf(g.stakeMinor, g.ratioBps), 0n);
  const limits = await microLimits(trx, o.marketId);
  const room = stakeRoom({
    costMinor: cost,
    limits,
    ratioBps: o.ratioBps,
    scale: o.terms.scale,
    openPayoutMinor,
  });
  if (o.number > room.maxNumber) {
    throw new AppError('MICRO_STAKE_ABOVE_DEPTH', { max: room.maxNumber, currency: o.terms.name });
  }
  if (profitOf(o.stakeMinor, o.ratioBps) > room.exposureLeftMinor) {
    throw new AppError('MICRO_EXPOSURE_FULL');
  }
}
