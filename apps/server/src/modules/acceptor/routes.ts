import type { FastifyInstance } from 'fastify';
import {
  AcceptorAppealCall,
  AcceptorConfirmCall,
  AcceptorDealCall,
  AcceptorDeskCall,
  AdminAcceptorDealsCall,
  AcceptorInfoCall,
  AcceptorListCall,
  AcceptorMineCall,
  AcceptorMyDealsCall,
  AcceptorRejectCall,
  AcceptorTransferredCall,
  AcceptorUserSureCall,
  AdminAcceptorDecideCall,
  AdminAcceptorDisputeCall,
  AdminAcceptorDisputesCall,
  AdminAcceptorSaveCall,
  AdminRegionAgentCall,
  MyRegionCall,
  RegionUsersCall,
  SetRegionCall,
} from '@oryx/contracts/acceptor/calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { saveAcceptor } from './admin';
import { DEAL_STATE } from './config';
import { decideDispute, disputeDeal, disputeDetail, disputeImageRoute, listDisputes } from './dispute';
import { actOnDeal, allDeals, deskDeals, mine, type DeskAction } from './desk';
import { myRegion, regionUsers, setAgent, setRegion } from './region';
import { acceptorInfo, listAcceptors, myDeals, openDeal, userConfirm } from './service';

const text = (locale: string, key: string) => translate(locale, `acceptor.ok.${key}`);

export async function acceptorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, AcceptorListCall, ({ input }) => listAcceptors(ctx.db, input));
  registerCall(app, AcceptorInfoCall, ({ session, input }) =>
    acceptorInfo(ctx.db, session?.userId ?? null, input.id),
  );
  registerCall(app, AcceptorDealCall, async ({ session, input, locale }) => {
    const id = await openDeal(ctx, session.userId, input);
    return { msg: text(locale, 'opened'), data: { id } };
  });
  registerCall(app, AcceptorMyDealsCall, ({ session, input, locale }) =>
    myDeals(ctx.db, session.userId, locale, { page: input.page, type: input.type ?? input.way }),
  );
  registerCall(app, AcceptorUserSureCall, async ({ session, input, locale }) => {
    await userConfirm(ctx, session.userId, input.id);
    return text(locale, 'confirmed');
  });
  registerCall(app, AcceptorMineCall, ({ session }) => mine(ctx.db, session.userId));
  registerCall(app, AdminAcceptorDealsCall, ({ input, locale }) => allDeals(ctx.db, locale, input));
  registerCall(app, AcceptorDeskCall, ({ session, input, locale }) =>
    deskDeals(ctx.db, session.userId, locale, input),
  );
  const moves: [typeof AcceptorConfirmCall, DeskAction, string][] = [
    [AcceptorConfirmCall, 'confirm', 'confirmed'],
    [AcceptorRejectCall, 'reject', 'rejected'],
    [AcceptorTransferredCall, 'transferred', 'transferred'],
  ];
  for (const [call, action, done] of moves) {
    registerCall(app, call, async ({ session, input, locale }) => {
      await actOnDeal(ctx, session.userId, input.id, action);
      return text(locale, done);
    });
  }
  registerCall(app, AdminAcceptorSaveCall, ({ input }) => saveAcceptor(ctx, input));
  registerCall(app, AcceptorAppealCall, async ({ session, input, locale }) => {
    await disputeDeal(ctx, session.userId, input.id, input);
    return text(locale, 'disputed');
  });
  registerCall(app, AdminAcceptorDisputesCall, ({ input, locale }) => listDisputes(ctx.db, locale, input));
  registerCall(app, AdminAcceptorDisputeCall, ({ input, locale }) => disputeDetail(ctx.db, locale, input.id));
  registerCall(app, AdminAcceptorDecideCall, async ({ session, input, audit }) => {
    const { deal, pending } = await decideDispute(ctx, session.userId, input.id, input.result, input.reason);
    audit({
      subject: 'acceptor_deal',
      subjectId: deal.id,
      before: { is_sure: DEAL_STATE.waiting, disputed: 1 },
      after: { is_sure: deal.is_sure, result: input.result, reason: input.reason.trim(), pending },
    });
    return { id: deal.id, is_sure: deal.is_sure, four_eyes_pending: pending };
  });
  disputeImageRoute(app, ctx);
  registerCall(app, RegionUsersCall, ({ session, input }) => regionUsers(ctx.db, session.userId, input.page));
  registerCall(app, MyRegionCall, ({ session }) => myRegion(ctx.db, session.userId));
  registerCall(app, SetRegionCall, async ({ session, input, locale }) => {
    await setRegion(ctx, session.userId, input.city_name, input.district_name);
    return text(locale, 'regionSaved');
  });
  registerCall(app, AdminRegionAgentCall, async ({ input, locale }) => {
    await setAgent(ctx, input);
    return text(locale, 'agentSaved');
  });
}
