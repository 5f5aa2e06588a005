import type { FastifyInstance } from 'fastify';
import {
  AdminOpenShopCall,
  MyShopsCall,
  ShopAdDealsCall,
  ShopAdInfoCall,
  ShopAdsCall,
  ShopAppealCall,
  ShopBalanceLogCall,
  ShopCancelCall,
  ShopDealCall,
  ShopInfoCall,
  ShopMyDealsCall,
  ShopPayCall,
  ShopPlatformCall,
  ShopSendCall,
  ShopShelfCall,
  ShopSureCall,
  ShopTakeCall,
  ShopTransferCall,
  ShopUserSureCall,
  ShopWithdrawCall,
} from '@oryx/contracts/p2p/shop-calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../../lib/context';
import { registerCall } from '../../../lib/route';
import { dealSides, type DealAction } from '../deal-states';
import { postShopAd, toggleShelf, withdrawShopAd } from './ads';
import { ownShop, ownShopAd } from './common';
import { shopDealDetail } from './deal-view';
import { appealDeal } from '../appeals';
import { actOnDeal, takeAd } from '../deal-calls';
import { balanceLog, myShops, openShop, shopInfo, shopTransfer } from './seller';
import { listAds } from '../ad-list';
import { adInfo, listShopDeals } from './views';

const text = (locale: string, key: string) => translate(locale, `shop.ok.${key}`);

function adRoutes(app: FastifyInstance, ctx: AppContext) {
  registerCall(app, ShopPlatformCall, ({ input, locale }) => listAds(ctx.db, locale, 'shop', input));
  registerCall(app, ShopAdInfoCall, ({ session, input, locale }) =>
    adInfo(ctx.db, session.userId, locale, input.id),
  );
  registerCall(app, ShopSendCall, async ({ session, input, locale }) => {
    await postShopAd(ctx, session.userId, input);
    return text(locale, 'posted');
  });
  registerCall(app, ShopWithdrawCall, async ({ session, input, locale }) => {
    await withdrawShopAd(ctx, session.userId, input.id, input.password);
    return text(locale, 'withdrawn');
  });
  registerCall(app, ShopShelfCall, async ({ session, input, locale }) => {
    const on = await toggleShelf(ctx, session.userId, input.id, input.password);
    return text(locale, on ? 'shelved' : 'unshelved');
  });
  registerCall(app, ShopAdsCall, async ({ session, input, locale }) => {
    await ownShop(ctx.db, session.userId, input.id);
    return listAds(ctx.db, locale, 'shop', { ...input, shopId: input.id, done: input.is_done as 0 | 1 });
  });
}

function dealRoutes(app: FastifyInstance, ctx: AppContext) {
  registerCall(app, ShopTakeCall, async ({ session, input, locale }) => {
    const deal = await takeAd(ctx, session.userId, 'shop', input);
    return { msg: text(locale, 'taken'), data: { id: deal.id, ...dealSides(deal, session.userId) } };
  });
  registerCall(app, ShopDealCall, ({ session, input, locale }) =>
    shopDealDetail(ctx.db, session.userId, locale, input.id),
  );
  registerCall(app, ShopMyDealsCall, ({ session, input, locale }) =>
    listShopDeals(ctx.db, session.userId, locale, input),
  );
  registerCall(app, ShopAdDealsCall, async ({ session, input, locale }) => {
    if (input.id !== undefined) await ownShopAd(ctx.db, session.userId, input.id);
    if (input.shop_id !== undefined) await ownShop(ctx.db, session.userId, input.shop_id);
    return listShopDeals(ctx.db, session.userId, locale, {
      ...input,
      owner: true,
      adId: input.id,
      shopId: input.shop_id,
    });
  });
  const actions: [typeof ShopPayCall, DealAction, string][] = [
    [ShopPayCall, 'pay', 'paid'],
    [ShopCancelCall, 'cancel', 'cancelled'],
    [ShopSureCall, 'confirm', 'confirmed'],
    [ShopUserSureCall, 'confirm', 'confirmed'],
  ];
  for (const [call, action, done] of actions) {
    registerCall(app, call, async ({ session, input, locale }) => {
      await actOnDeal(ctx, session.userId, input.id, { action, password: input.password }, 'shop');
      return text(locale, done);
    });
  }
  registerCall(app, ShopAppealCall, async ({ session, input, locale }) => {
    await appealDeal(ctx, session.userId, input.id, { note: input.note, images: [] }, 'shop');
    return text(locale, 'appealed');
  });
}

function sellerRoutes(app: FastifyInstance, ctx: AppContext) {
  registerCall(app, MyShopsCall, ({ session, input }) => myShops(ctx.db, session.userId, input.page));
  registerCall(app, ShopInfoCall, ({ session, input, locale }) =>
    shopInfo(ctx, session?.userId ?? null, locale, input.id, input.page),
  );
  registerCall(app, ShopBalanceLogCall, ({ session, input, locale }) =>
    balanceLog(ctx.db, session.userId, locale, input.seller_id, input.page),
  );
  registerCall(app, ShopTransferCall, async ({ session, input, locale }) => {
    await shopTransfer(ctx, session.userId, input);
    return text(locale, 'transferred');
  });
  registerCall(app, AdminOpenShopCall, ({ input }) => openShop(ctx, input));
}

/** The merchant-shop calls (README.md, "Merchant shops"). */
export async function shopRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  adRoutes(app, ctx);
  dealRoutes(app, ctx);
  sellerRoutes(app, ctx);
  await Promise.resolve();
}
