import type { FastifyInstance } from 'fastify';
import {
  AdminP2pAppealCall,
  AdminP2pAppealsCall,
  AdminP2pDecideCall,
  C2cAdDealsCall,
  C2cAppealCall,
  C2cCancelCall,
  C2cDealCall,
  C2cMyAdsCall,
  C2cMyDealsCall,
  C2cPayCall,
  C2cPlatformCall,
  C2cRecordsCall,
  C2cSendCall,
  C2cSureCall,
  C2cTakeCall,
  C2cUserSureCall,
  C2cWithdrawCall,
} from '@oryx/contracts/p2p/calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { appealDetail, listAppeals } from './admin-appeals';
import { DEAL_STATE, dealSides } from './deal-states';
import { appealDeal, decideAppeal } from './appeals';
import { chatRoutes } from './chat-routes';
import { shopRoutes } from './shop/routes';
import { imageRoute } from './images';
import { actOnDeal, takeAd, type DealMove } from './deal-calls';
import { postAd, withdrawOwnAd } from './service';
import { listAds } from './ad-list';
import { dealDetail, listDeals, listRecords } from './views';

const text = (locale: string, key: string) => translate(locale, `p2p.ok.${key}`);

export async function p2pRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, C2cSendCall, async ({ session, input, locale }) => {
    await postAd(ctx, session.userId, input);
    return text(locale, 'posted');
  });
  registerCall(app, C2cPlatformCall, ({ input, locale }) => listAds(ctx.db, locale, 'c2c', input));
  registerCall(app, C2cRecordsCall, ({ session, input }) => listRecords(ctx.db, session.userId, input));
  registerCall(app, C2cMyAdsCall, ({ session, input, locale }) =>
    listAds(ctx.db, locale, 'c2c', { ...input, ownerId: session.userId }),
  );
  registerCall(app, C2cTakeCall, async ({ session, input, locale }) => {
    const deal = await takeAd(ctx, session.userId, 'c2c', input);
    return { msg: text(locale, 'taken'), data: { id: deal.id, ...dealSides(deal, session.userId) } };
  });
  registerCall(app, C2cWithdrawCall, async ({ session, input, locale }) => {
    await withdrawOwnAd(ctx, session.userId, input.id, input.password);
    return text(locale, 'withdrawn');
  });
  registerCall(app, C2cDealCall, ({ session, input, locale }) =>
    dealDetail(ctx.db, session.userId, locale, input.id),
  );
  registerCall(app, C2cMyDealsCall, ({ session, input, locale }) =>
    listDeals(ctx.db, session.userId, locale, { page: input.page }),
  );
  registerCall(app, C2cAdDealsCall, ({ session, input, locale }) =>
    listDeals(ctx.db, session.userId, locale, { page: input.page, adId: input.id }),
  );
  registerCall(app, C2cPayCall, async ({ session, input, locale }) => {
    const move = { action: 'pay' as const, password: input.password, voucher: input.pay_orders_img };
    await actOnDeal(ctx, session.userId, input.id, move);
    return text(locale, 'paid');
  });
  const actions: [typeof C2cCancelCall, DealMove, string][] = [
    [C2cCancelCall, { action: 'cancel' }, 'cancelled'],
    [C2cSureCall, { action: 'confirm', side: 'owner' }, 'confirmed'],
    [C2cUserSureCall, { action: 'confirm', side: 'taker' }, 'confirmed'],
  ];
  for (const [call, move, done] of actions) {
    registerCall(app, call, async ({ session, input, locale }) => {
      await actOnDeal(ctx, session.userId, input.id, { ...move, password: input.password });
      return text(locale, done);
    });
  }
  registerCall(app, C2cAppealCall, async ({ session, input, locale }) => {
    await appealDeal(ctx, session.userId, input.id, input);
    return text(locale, 'appealed');
  });
  registerCall(app, AdminP2pDecideCall, async ({ session, input, audit }) => {
    const { deal, pending } = await decideAppeal(ctx, session.userId, input.id, input.result, input.reason);
    audit({
      subject: 'p2p_deal',
      subjectId: deal.id,
      before: { is_sure: DEAL_STATE.appeal },
      after: { is_sure: deal.is_sure, result: input.result, reason: input.reason.trim(), pending },
    });
    return { id: deal.id, is_sure: deal.is_sure, four_eyes_pending: pending };
  });
  await shopRoutes(app, ctx);
  registerCall(app, AdminP2pAppealsCall, ({ input }) => listAppeals(ctx.db, input));
  registerCall(app, AdminP2pAppealCall, ({ input }) => appealDetail(ctx.db, input.id));
  imageRoute(app, ctx);
  chatRoutes(app, ctx);
}
