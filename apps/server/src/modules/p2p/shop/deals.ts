/**
 * Shop deals on the shared deal engine: a taker takes part of a shop ad (by money or by number, within
 * the ad's per-deal limits), then the parties move the deal through the same state table as C2C (pay,
 * cancel, confirm, appeal), with the same escrow and the same payment timer.
 */
import { divRound, mulDiv, pow10 } from '@oryx/contracts/money';
import { SHOP_MEANS } from '@oryx/contracts/p2p/shop-calls';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/app-error';
import { runInTransaction } from '../../../db/transaction';
import type { Db } from '../../../db/connection';
import { requireIdentity, requirePaymentDetails, requireTradePassword } from '../../account/guards';
import { schedule } from '../../scheduler/scheduler';
import { DEAL_EXPIRE_JOB } from '../config';
import { DEAL_STATE, type DealAction } from '../deal-states';
import { openDeal, partyActor, transitionDeal } from '../engine';
import { AD_STATUS, p2pRepo, type P2pAd, type P2pDeal } from '../repo';
import { checkTakeLimits, wantedTake, type Take } from '../take-amount';
import { legalCurrency, oneOf, shopAd } from './common';
import { SHOP_TERMS } from './config';

export interface TakeInput {
  id: number;
  means?: unknown;
  value?: unknown;
  password?: string;
}

/** The ad's rules for one deal: open, on the shelf, not one's own, then its limits and what is left. */
function checkTake(ad: P2pAd, userId: number, take: Take, scale: number) {
  if (ad.status !== AD_STATUS.open) throw new AppError('P2P_AD_CLOSED');
  if (ad.is_shelves !== 1) throw new AppError('SHOP_OFF_SHELF');
  if (ad.user_id === userId) throw new AppError('P2P_AD_OWN');
  checkTakeLimits(ad, take, scale);
}

/** Takes part of a shop ad: input first, then 998, 997, the trade password, then the engine's rules. */
export async function takeShopAd(ctx: AppContext, userId: number, input: TakeInput): Promise<P2pDeal> {
  const first = await shopAd(ctx.db, input.id);
  const currency = await legalCurrency(ctx.db, first.currency_id);
  if (!oneOf(SHOP_MEANS, input.means)) throw new AppError('SHOP_MEANS_UNKNOWN');
  const take = wantedTake(first, currency.scale, input.means, input.value);
  checkTake(first, userId, take, currency.scale);
  await requireIdentity(ctx, userId);
  await requirePaymentDetails(ctx, userId);
  await requireTradePassword(ctx, userId, input.password);
  const at = ctx.clock.now();
  return runInTransaction(ctx.db, async (trx) => {
    const ad = await shopAd(trx, input.id);
    checkTake(ad, userId, take, currency.scale);
    const number = take.number;
    const deal = await openDeal(trx, {
      ad,
      takerId: userId,
      numberMinor: number,
      dealMoneyMinor: mulDiv(ad.price_minor, number, pow10(currency.scale), 'up'),
      outFeeMinor: divRound(number * BigInt(ctx.env.C2C_OUT_FEE_BPS), 10_000n, 'up'),
      at,
    });
    const due = at + SHOP_TERMS.payWindowMs;
    await schedule(
      trx,
      DEAL_EXPIRE_JOB,
      due,
      { dealId: deal.id },
      { uniqueKey: `deal:${deal.id}`, nowMs: at },
    );
    return deal;
  });
}

/** A shop deal the user is a party to (a stranger learns nothing: not found). */
export async function shopPartyDeal(db: Db, userId: number, id: number): Promise<P2pDeal> {
  const deal = await p2pRepo.findDeal(db, id);
  if (!deal || deal.kind !== 'shop' || (deal.buyer_id !== userId && deal.seller_id !== userId)) {
    throw new AppError('P2P_DEAL_NOT_FOUND');
  }
  return deal;
}

const dayStart = (at: number) => at - (at % 86_400_000);

/** A party's move on a shop deal (pay, cancel, confirm); the buyer's cancels count toward the daily limit. */
export async function actOnShopDeal(
  ctx: AppContext,
  userId: number,
  dealId: number,
  action: DealAction,
  password?: string,
): Promise<P2pDeal> {
  await shopPartyDeal(ctx.db, userId, dealId);
  await requireTradePassword(ctx, userId, password);
  const at = ctx.clock.now();
  return runInTransaction(ctx.db, async (trx) => {
    const deal = await shopPartyDeal(trx, userId, dealId);
    const actor = partyActor(deal, userId);
    if (action === 'cancel' && actor === 'buyer' && deal.is_sure === DEAL_STATE.waiting) {
      const today = await p2pRepo.countCancels(trx, userId, dayStart(at));
      if (today >= SHOP_TERMS.cancelsPerDay) throw new AppError('P2P_CANCEL_LIMIT');
    }
    const after = await transitionDeal(trx, deal, action, actor, at);
    return after;
  });
}

/** Either party of a paid shop deal appeals; the operator decides through the C2C decision call. */
export async function appealShopDeal(ctx: AppContext, userId: number, dealId: number, note: string) {
  const at = ctx.clock.now();
  await runInTransaction(ctx.db, async (trx) => {
    const deal = await shopPartyDeal(trx, userId, dealId);
    await transitionDeal(trx, deal, 'appeal', partyActor(deal, userId), at);
    await trx
      .insertInto('p2p_appeals')
      .values({ deal_id: deal.id, user_id: userId, note: note.trim(), created_at: at })
      .execute();
  });
}
