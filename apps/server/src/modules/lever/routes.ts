import type { FastifyInstance } from 'fastify';
import {
  AdminLeverConfigCall,
  AdminLeverMarketSaveCall,
  LeverBatchCloseCall,
  LeverCancelCall,
  LeverCloseCall,
  LeverDealAllCall,
  LeverDealCall,
  LeverMyTradeCall,
  LeverSetStopCall,
  LeverSubmitCall,
} from '@oryx/contracts/lever/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { adminLeverConfig, saveLeverMarket } from './config';
import { deal, dealAll, myTrade } from './reads';
import { batchClose, cancelOne, closeOne, setStop } from './service';
import { idempotentSubmit, submitOrder } from './submit';

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
  registerCall(app, LeverCloseCall, (r) => closeOne(ctx, r.session.userId, r.input.id, r.locale));
  registerCall(app, LeverCancelCall, (r) => cancelOne(ctx, r.session.userId, r.input.id, r.locale));
  registerCall(app, LeverBatchCloseCall, (r) => batchClose(ctx, r.session.userId, r.input, r.locale));
  registerCall(app, LeverSetStopCall, (r) => setStop(ctx, r.session.userId, r.input, r.locale));
  registerCall(app, AdminLeverConfigCall, () => adminLeverConfig(ctx.db));
  registerCall(app, AdminLeverMarketSaveCall, (r) => saveLeverMarket(ctx.db, r.input, ctx.clock.now()));
}
