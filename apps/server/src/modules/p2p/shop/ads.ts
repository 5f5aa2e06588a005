/**
 * Shop ads: a seller posts (a sell ad escrows its whole amount from the shop balance), takes an ad off
 * the shelf or puts it back, and withdraws it (its remaining coins go back to the shop balance). Checks
 * that record something (the trade password) run before the transaction.
 */
import { P2P_FIATS, P2P_SIDES, P2P_WAYS } from '@oryx/contracts/p2p/calls';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/app-error';
import { runInTransaction } from '../../../db/transaction';
import { requirePaymentDetails, requireTradePassword } from '../../account/guards';
import { FIAT_SCALE } from '../config';
import { escrowSellAd, withdrawAd } from '../engine';
import { AD_STATUS, p2pRepo } from '../repo';
import { adLimits } from '../take-amount';
import { legalCurrency, oneOf, ownShopAd, ownShopFor, positiveAmount } from './common';
import { shopRepo } from './repo';

export interface ShopAdInput {
  type?: unknown;
  way?: unknown;
  price?: unknown;
  total_number?: unknown;
  min_number?: unknown;
  max_number?: unknown;
  currency_id?: unknown;
  coin_code?: unknown;
  password?: string;
}

/** Checks a shop ad's form in the order it is shown: side, currency, quantity, price, limits, way, fiat. */
async function checkAd(ctx: AppContext, userId: number, input: ShopAdInput) {
  if (!oneOf(P2P_SIDES, input.type)) throw new AppError('P2P_INPUT_INVALID');
  const currency = await legalCurrency(ctx.db, input.currency_id);
  const shop = await ownShopFor(ctx.db, userId, currency.id);
  const total = positiveAmount(input.total_number, currency.scale);
  const price = positiveAmount(input.price, FIAT_SCALE);
  const { min, max } = adLimits({
    min: input.min_number,
    max: input.max_number,
    price,
    total,
    scale: currency.scale,
  });
  if (!oneOf(P2P_WAYS, input.way)) throw new AppError('P2P_WAY_UNKNOWN');
  if (!oneOf(P2P_FIATS, input.coin_code)) throw new AppError('P2P_FIAT_UNKNOWN');
  return { type: input.type, way: input.way, coinCode: input.coin_code, shop, total, price, min, max };
}

/** Posts a shop ad; a sell ad needs its whole amount in the shop balance (LEDGER_INSUFFICIENT). */
export async function postShopAd(ctx: AppContext, userId: number, input: ShopAdInput): Promise<number> {
  const ad = await checkAd(ctx, userId, input);
  await requirePaymentDetails(ctx, userId);
  await requireTradePassword(ctx, userId, input.password);
  const at = ctx.clock.now();
  return runInTransaction(ctx.db, async (trx) => {
    const id = await p2pRepo.insertAd(trx, {
      kind: 'shop',
      shop_id: ad.shop.id,
      user_id: userId,
      type: ad.type,
      currency_id: ad.shop.currency_id,
      coin_code: ad.coinCode,
      way: ad.way,
      price_minor: ad.price,
      total_minor: ad.total,
      surplus_minor: ad.total,
      min_minor: ad.min,
      max_minor: ad.max,
      is_shelves: 1,
      status: AD_STATUS.open,
      created_at: at,
      updated_at: at,
    });
    if (ad.type === 'sell') await escrowSellAd(trx, (await p2pRepo.findAd(trx, id))!, at);
    return id;
  });
}

/** The owner withdraws a shop ad with no deal in progress (P2P_AD_IN_DEAL otherwise). */
export async function withdrawShopAd(ctx: AppContext, userId: number, adId: number, password?: string) {
  await ownShopAd(ctx.db, userId, adId);
  await requireTradePassword(ctx, userId, password);
  const at = ctx.clock.now();
  await runInTransaction(ctx.db, async (trx) => withdrawAd(trx, await ownShopAd(trx, userId, adId), at));
}

/** Takes an open shop ad off the shelf (nobody can take it; open deals go on), or puts it back. */
export async function toggleShelf(ctx: AppContext, userId: number, adId: number, password?: string) {
  await ownShopAd(ctx.db, userId, adId);
  await requireTradePassword(ctx, userId, password);
  const at = ctx.clock.now();
  return runInTransaction(ctx.db, async (trx) => {
    const ad = await ownShopAd(trx, userId, adId);
    const to = ad.is_shelves === 1 ? 0 : 1;
    if (!(await shopRepo.flipShelf(trx, ad.id, to, at))) throw new AppError('P2P_AD_CLOSED');
    return to;
  });
}
