import type { FastifyInstance } from 'fastify';
import {
  AdminLeverConfigCall,
  AdminLeverMarketSaveCall,
  AdminLeverTermsDecideCall,
  AdminLeverTermsRequestsCall,
  LeverBatchCloseCall,
  LeverCancelCall,
  LeverCloseCall,
  LeverDealAllCall,
  LeverDealCall,
  LeverMyTradeCall,
  LeverSetStopCall,
  LeverSubmitCall,
} from '@oryx/contracts/lever/calls';
import { LeverProofCall } from '@oryx/contracts/lever/proof';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { adminLeverConfig } from './config';
import { leverProofOf } from './proof';
import { deal, dealAll, myTrade } from './reads';
import { batchClose, cancelOne, closeOne, setStop } from './service';
import { idempotentSubmit, submitOrder } from './submit';
import { decideTerms, listTermsRequests, proposeTerms } from './terms-requests';

export async function leverRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, LeverDealCall, (r) => deal(ctx, r.session.userId, r.input, r.locale));
  registerCall(app, LeverSubmitCall, (r) => {
    const userId = r.session.userId;
    const headers = r.req.headers as Record<string, unknown>;
    // A retry with the same Idempotency-Key / client_id opens one order.
    const run = idempotentSubmit(ctx, userId, headers, r.input);
    return submitOrder(ctx, userId, r.input, r.locale, run);
  });
  registerCall(app, LeverDealAllCall, (r) => dealAll(ctx, r.session.userId, r.input, r.locale));
  registerCall(app, LeverMyTradeCall, (r) => myTrade(ctx, r.session.userId, r.input, r.locale));
  registerCall(app, LeverProofCall, (r) => leverProofOf(ctx, r.input.id, r.session?.userId ?? null));
  registerCall(app, LeverCloseCall, (r) => closeOne(ctx, r.session.userId, r.input.id, r.locale));
  registerCall(app, LeverCancelCall, (r) => cancelOne(ctx, r.session.userId, r.input.id, r.locale));
  registerCall(app, LeverBatchCloseCall, (r) => batchClose(ctx, r.session.userId, r.input, r.locale));
  registerCall(app, LeverSetStopCall, (r) => setStop(ctx, r.session.userId, r.input, r.locale));
  registerCall(app, AdminLeverConfigCall, () => adminLeverConfig(ctx.db));
  // Every terms change is a request a second operator approves (terms-requests.ts).
  registerCall(app, AdminLeverMarketSaveCall, async (r) => {
    const { reply, change } = await proposeTerms(ctx, r.session.userId, r.input);
    r.audit(change);
    return reply;
  });
  registerCall(app, AdminLeverTermsRequestsCall, () => listTermsRequests(ctx.db));
  registerCall(app, AdminLeverTermsDecideCall, async (r) => {
    const { reply, change } = await decideTerms(ctx, r.session.userId, r.input.id, r.input.decision);
    r.audit(change);
    return reply;
  });
}
