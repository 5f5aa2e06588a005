/**
 * A party's calls on deals, for both doors (C2C and shop, doors.ts): taking an ad, moving a deal
 * (pay, cancel, confirm) through the engine's table, each in one transaction. Checks that record
 * something (a wrong trade password) run before the transaction, as account/guards.ts asks.
 */
import { feeOf, mulDiv, pow10 } from '@oryx/contracts/money';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { runInTransaction } from '../../db/transaction';
import type { Db } from '../../db/connection';
import { requireIdentity, requirePaymentDetails, requireTradePassword } from '../account/guards';
import { schedule } from '../scheduler/scheduler';
import { lockUserForUpdate } from '../users/repo';
import { C2C_TERMS, DEAL_EXPIRE_JOB } from './config';
import type { DealAction } from './deal-states';
import { DOORS, type DealDoor, type TakeAmount } from './doors';
import { openDeal, partyActor, transitionDeal } from './engine';
import { attachImages } from './images';
import { pushDeal } from './push';
import { p2pRepo, type P2pAd, type P2pDeal } from './repo';
import { legalCurrency } from './shop/common';

/** An ad of the door's kind (another kind or none: not found). */
export async function adOf(db: Db, id: number, door: DealDoor): Promise<P2pAd> {
  const ad = await p2pRepo.findAd(db, id);
  if (!ad || ad.kind !== door) throw new AppError('P2P_AD_NOT_FOUND');
  return ad;
}

/**
 * The seller of a deal is paid by the ad's way, so they need details for that way (one method is
 * enough to trade by it): bank name and account, or the Alipay / WeChat account (997 otherwise).
 */
export function requireWayDetails(
  row: { bank_account: string; alipay_account: string; wechat_account: string },
  way: string,
) {
  const has = way === 'bank' ? row.bank_account : way === 'ali_pay' ? row.alipay_account : row.wechat_account;
  if (!has) throw new AppError('PAYMENT_DETAILS_MISSING');
}

/**
 * Takes an ad of either door, all that is left or part of it within its per-deal limits: the amount's
 * form and the door's rules first, then 998, 997, the trade password, then the engine's rules in the
 * transaction; the payment timer starts with the deal.
 */
export async function takeAd(
  ctx: AppContext,
  userId: number,
  door: DealDoor,
  input: TakeAmount & { id: number; password?: string },
): Promise<P2pDeal> {
  const rules = DOORS[door];
  const first = await adOf(ctx.db, input.id, door);
  const { scale } = await legalCurrency(ctx.db, first.currency_id);
  rules.firstCheck(first, userId, scale, input);
  await requireIdentity(ctx, userId);
  const details = await requirePaymentDetails(ctx, userId);
  if (rules.sellerNeedsWay && first.type === 'buy') requireWayDetails(details, first.way);
  await requireTradePassword(ctx, userId, input.password);
  const at = ctx.clock.now();
  const taken = await runInTransaction(ctx.db, async (trx) => {
    const ad = await adOf(trx, input.id, door);
    const { number } = rules.take(ad, userId, scale, input);
    const deal = await openDeal(trx, {
      ad,
      takerId: userId,
      numberMinor: number,
      dealMoneyMinor: mulDiv(ad.price_minor, number, pow10(scale), 'up'),
      outFeeMinor: feeOf(number, ctx.env.C2C_OUT_FEE_BPS),
      at,
      payWindowMs: rules.dealWindowMs(ad),
    });
    const due = at + rules.dueAfterMs(ad);
    const key = { uniqueKey: `deal:${deal.id}`, nowMs: at };
    await schedule(trx, DEAL_EXPIRE_JOB, due, { dealId: deal.id }, key);
    return deal;
  });
  if (rules.pushes) pushDeal(ctx, taken);
  return taken;
}

/** A deal of the door's kind the user is a party to (a stranger learns nothing: not found). */
export async function partyDeal(
  db: Db,
  userId: number,
  id: number,
  door: DealDoor = 'c2c',
): Promise<P2pDeal> {
  const deal = await p2pRepo.findDeal(db, id);
  if (!deal || deal.kind !== door || (deal.buyer_id !== userId && deal.seller_id !== userId)) {
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
 * Holds the daily cancel limit (shared by both doors) under concurrent cancels of one buyer (an ad
 * owner can be the buyer of several deals): on PostgreSQL the buyer's user row is locked, so counting
 * and cancelling happen one at a time; SQLite runs one writing transaction at a time anyway.
 */
export async function checkCancelLimit(ctx: AppContext, trx: Db, userId: number, at: number) {
  if (ctx.dialect === 'postgres') await lockUserForUpdate(trx, userId);
  const today = await p2pRepo.countCancels(trx, userId, dayStart(at));
  if (today >= C2C_TERMS.cancelsPerDay) throw new AppError('P2P_CANCEL_LIMIT');
}

/** A party's move on a deal (pay, cancel, confirm); the cancel limit counts the buyer's cancels today. */
export async function actOnDeal(
  ctx: AppContext,
  userId: number,
  dealId: number,
  move: DealMove,
  door: DealDoor = 'c2c',
): Promise<P2pDeal> {
  const { action, side, voucher } = move;
  await partyDeal(ctx.db, userId, dealId, door);
  await requireTradePassword(ctx, userId, move.password);
  const at = ctx.clock.now();
  const after = await runInTransaction(ctx.db, async (trx) => {
    const deal = await partyDeal(trx, userId, dealId, door);
    const actor = partyActor(deal, userId);
    if (action === 'cancel' && actor === 'buyer' && DOORS[door].cancelCounts(deal)) {
      await checkCancelLimit(ctx, trx, userId, at);
    }
    if (action === 'confirm' && actor === 'seller' && side) {
      const owner = deal.ad_user_id === userId;
      if ((side === 'owner') !== owner) throw new AppError('P2P_CONFIRM_SIDE');
    }
    const moved = await transitionDeal(trx, deal, action, actor, at);
    if (action === 'pay' && voucher) await attachImages(trx, deal, userId, 'voucher', [voucher], at);
    return moved;
  });
  if (DOORS[door].pushes) pushDeal(ctx, after);
  return after;
}
