/**
 * C2C rules (README.md): posting, taking, withdrawing ads and moving deals, each in one transaction
 * through the deal engine. Checks that record something (a wrong trade password) run before the
 * transaction, as account/guards.ts asks.
 */
import { divRound, mulDiv, parseDecimal, pow10 } from '@oryx/contracts/money';
import { C2C_PAY_WINDOW_MINUTES, P2P_FIATS, P2P_SIDES, P2P_WAYS } from '@oryx/contracts/p2p/calls';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { runInTransaction } from '../../db/transaction';
import type { Db } from '../../db/connection';
import { requireIdentity, requirePaymentDetails, requireTradePassword } from '../account/guards';
import { cancelJob, schedule } from '../scheduler/scheduler';
import { AD_EXPIRE_JOB, C2C_TERMS, DEAL_EXPIRE_JOB, FIAT_SCALE, payWindowOf } from './config';
import type { DealAction } from './deal-states';
import { escrowSellAd, openDeal, partyActor, transitionDeal, withdrawAd } from './engine';
import { attachImages } from './images';
import { pushDeal } from './push';
import { AD_STATUS, p2pRepo, type P2pAd, type P2pDeal } from './repo';
import { adLimits, checkTakeLimits, TAKE_MEANS, wantedTake, wholeTake, type Take } from './take-amount';

export interface PostAdInput {
  price?: unknown;
  total_number?: unknown;
  way?: unknown;
  currency_id?: unknown;
  type?: unknown;
  coin_code?: unknown;
  min_number?: unknown;
  max_number?: unknown;
  pay_window?: unknown;
  password?: string;
}

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

function amount(v: unknown, scale: number): bigint {
  try {
    return parseDecimal(v, scale);
  } catch {
    throw new AppError('P2P_INPUT_INVALID');
  }
}

/**
 * The seller of a deal is paid by the ad's way, so they need details for that way (one method is
 * enough to trade by it): bank name and account, or the Alipay / WeChat account (997 otherwise).
 */
function requireWayDetails(
  row: { bank_account: string; alipay_account: string; wechat_account: string },
  way: string,
) {
  const has = way === 'bank' ? row.bank_account : way === 'ali_pay' ? row.alipay_account : row.wechat_account;
  if (!has) throw new AppError('PAYMENT_DETAILS_MISSING');
}

/** A C2C-enabled currency (legal wallet) by id, with its scale. */
async function legalCurrency(db: Db, id: unknown): Promise<{ id: number; scale: number }> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw new AppError('P2P_CURRENCY_UNKNOWN');
  const c = await db
    .selectFrom('currencies')
    .select(['id', 'scale'])
    .where('id', '=', n)
    .where('is_legal', '=', 1)
    .executeTakeFirst();
  if (!c) throw new AppError('P2P_CURRENCY_UNKNOWN');
  return c;
}

/** The payment window a poster chose (minutes, `C2C_PAY_WINDOW_MINUTES`), in ms; 0 (the default) when none. */
function payWindow(v: unknown): number {
  if (v === undefined || v === null || v === '') return 0;
  const text = typeof v === 'number' ? String(v) : v;
  const { min, max } = C2C_PAY_WINDOW_MINUTES;
  if (typeof text !== 'string' || !/^\d{1,5}$/.test(text) || +text < min || +text > max) {
    throw new AppError('P2P_INPUT_INVALID');
  }
  return +text * 60_000;
}

/**
 * Posts an ad: checked in the order the publish form asks (quantity, price, way, fiat, then the
 * optional per-deal limits in fiat and the payment window), then 997, 996.
 */
export async function postAd(ctx: AppContext, userId: number, input: PostAdInput): Promise<number> {
  if (!oneOf(P2P_SIDES, input.type)) throw new AppError('P2P_INPUT_INVALID');
  const currency = await legalCurrency(ctx.db, input.currency_id);
  const total = amount(input.total_number, currency.scale);
  const price = amount(input.price, FIAT_SCALE);
  if (!oneOf(P2P_WAYS, input.way)) throw new AppError('P2P_WAY_UNKNOWN');
  if (!oneOf(P2P_FIATS, input.coin_code)) throw new AppError('P2P_FIAT_UNKNOWN');
  const limits = adLimits({
    min: input.min_number,
    max: input.max_number,
    price,
    total,
    scale: currency.scale,
  });
  const windowMs = payWindow(input.pay_window);
  const details = await requirePaymentDetails(ctx, userId);
  if (input.type === 'sell') requireWayDetails(details, input.way);
  await requireTradePassword(ctx, userId, input.password);
  const [type, way, coinCode] = [input.type, input.way, input.coin_code];
  const at = ctx.clock.now();
  return runInTransaction(ctx.db, async (trx) => {
    const id = await p2pRepo.insertAd(trx, {
      kind: 'c2c',
      user_id: userId,
      type,
      currency_id: currency.id,
      coin_code: coinCode,
      way,
      price_minor: price,
      total_minor: total,
      surplus_minor: total,
      min_minor: limits.min,
      max_minor: limits.max,
      pay_window_ms: windowMs,
      status: AD_STATUS.open,
      created_at: at,
      updated_at: at,
    });
    const ad = (await p2pRepo.findAd(trx, id))!;
    if (type === 'sell') await escrowSellAd(trx, ad, at);
    await schedule(
      trx,
      AD_EXPIRE_JOB,
      at + C2C_TERMS.adLifetimeMs,
      { adId: id },
      { uniqueKey: `ad:${id}`, nowMs: at },
    );
    return id;
  });
}

async function c2cAd(db: Db, id: number): Promise<P2pAd> {
  const ad = await p2pRepo.findAd(db, id);
  if (!ad || ad.kind !== 'c2c') throw new AppError('P2P_AD_NOT_FOUND');
  return ad;
}

/** What a take asks for: without an amount everything left (within the maximum), else `means` / `value`. */
function takeOf(ad: P2pAd, scale: number, amountIn: TakeAmount): Take {
  const none = (v: unknown) => v === undefined || v === null || v === '';
  if (none(amountIn.means) && none(amountIn.value)) return wholeTake(ad, scale);
  const means = none(amountIn.means) ? 'number' : amountIn.means;
  if (!oneOf(TAKE_MEANS, means)) throw new AppError('SHOP_MEANS_UNKNOWN');
  return wantedTake(ad, scale, means, amountIn.value);
}

export interface TakeAmount {
  means?: unknown;
  value?: unknown;
}

/**
 * Takes an ad, all that is left or part of it within its per-deal limits: the amount's form first,
 * then 998, 997, trade password, then the engine's rules in the transaction.
 */
export async function takeAd(
  ctx: AppContext,
  userId: number,
  adId: number,
  password?: string,
  amountIn: TakeAmount = {},
): Promise<P2pDeal> {
  const first = await c2cAd(ctx.db, adId);
  const { scale } = await legalCurrency(ctx.db, first.currency_id);
  if (first.surplus_minor > 0n) takeOf(first, scale, amountIn);
  await requireIdentity(ctx, userId);
  const details = await requirePaymentDetails(ctx, userId);
  if (first.type === 'buy') requireWayDetails(details, first.way);
  await requireTradePassword(ctx, userId, password);
  const at = ctx.clock.now();
  const taken = await runInTransaction(ctx.db, async (trx) => {
    const ad = await c2cAd(trx, adId);
    if (ad.surplus_minor <= 0n)
      throw new AppError(ad.status === AD_STATUS.open ? 'P2P_AD_SOLD_OUT' : 'P2P_AD_CLOSED');
    const take = takeOf(ad, scale, amountIn);
    if (ad.user_id !== userId && ad.status === AD_STATUS.open) checkTakeLimits(ad, take, scale);
    const number = take.number;
    const deal = await openDeal(trx, {
      ad,
      takerId: userId,
      numberMinor: number,
      dealMoneyMinor: mulDiv(ad.price_minor, number, pow10(scale), 'up'),
      outFeeMinor: divRound(number * BigInt(ctx.env.C2C_OUT_FEE_BPS), 10_000n, 'up'),
      at,
      payWindowMs: ad.pay_window_ms,
    });
    const due = at + payWindowOf(ad);
    await schedule(
      trx,
      DEAL_EXPIRE_JOB,
      due,
      { dealId: deal.id },
      { uniqueKey: `deal:${deal.id}`, nowMs: at },
    );
    return deal;
  });
  pushDeal(ctx, taken);
  return taken;
}

/** A C2C deal the user is a party to (a stranger learns nothing: not found). */
export async function partyDeal(db: Db, userId: number, id: number): Promise<P2pDeal> {
  const deal = await p2pRepo.findDeal(db, id);
  if (!deal || deal.kind !== 'c2c' || (deal.buyer_id !== userId && deal.seller_id !== userId)) {
    throw new AppError('P2P_DEAL_NOT_FOUND');
  }
  return deal;
}

const dayStart = (at: number) => at - (at % 86_400_000);

/**
 * Which confirm call a seller uses: the ad owner `legal_deal_sure` (`owner`), the taker
 * `legal_deal_user_sure` (`taker`); the other one is refused (`P2P_CONFIRM_SIDE`).
 */
export type ConfirmSide = 'owner' | 'taker';

export interface DealMove {
  action: DealAction;
  password?: string;
  side?: ConfirmSide;
  /** `pay`: the payment voucher's upload URL. */
  voucher?: string;
}

/**
 * Holds the daily cancel limit under concurrent cancels of one buyer (an ad owner can be the buyer of
 * several deals): on PostgreSQL the buyer's user row is locked, so counting and cancelling happen one
 * at a time; SQLite runs one writing transaction at a time anyway.
 */
export async function checkCancelLimit(ctx: AppContext, trx: Db, userId: number, at: number) {
  if (ctx.dialect === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
  const today = await p2pRepo.countCancels(trx, userId, dayStart(at));
  if (today >= C2C_TERMS.cancelsPerDay) throw new AppError('P2P_CANCEL_LIMIT');
}

/** A party's move on a deal (pay, cancel, confirm); the cancel limit counts the buyer's cancels today. */
export async function actOnDeal(
  ctx: AppContext,
  userId: number,
  dealId: number,
  move: DealMove,
): Promise<P2pDeal> {
  const { action, side, voucher } = move;
  await partyDeal(ctx.db, userId, dealId);
  await requireTradePassword(ctx, userId, move.password);
  const at = ctx.clock.now();
  const after = await runInTransaction(ctx.db, async (trx) => {
    const deal = await partyDeal(trx, userId, dealId);
    const actor = partyActor(deal, userId);
    if (action === 'cancel' && actor === 'buyer') await checkCancelLimit(ctx, trx, userId, at);
    if (action === 'confirm' && actor === 'seller' && side) {
      const owner = deal.ad_user_id === userId;
      if ((side === 'owner') !== owner) throw new AppError('P2P_CONFIRM_SIDE');
    }
    const moved = await transitionDeal(trx, deal, action, actor, at);
    if (action === 'pay' && voucher) await attachImages(trx, deal, userId, 'voucher', [voucher], at);
    return moved;
  });
  pushDeal(ctx, after);
  return after;
}

/** The owner withdraws an ad with no deal in progress. */
export async function withdrawOwnAd(ctx: AppContext, userId: number, adId: number, password?: string) {
  const mine = await c2cAd(ctx.db, adId);
  if (mine.user_id !== userId) throw new AppError('P2P_AD_NOT_FOUND');
  await requireTradePassword(ctx, userId, password);
  const at = ctx.clock.now();
  await runInTransaction(ctx.db, async (trx) => {
    await withdrawAd(trx, await c2cAd(trx, adId), at);
    await cancelJob(trx, AD_EXPIRE_JOB, `ad:${adId}`, at);
  });
}
