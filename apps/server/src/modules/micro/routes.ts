import type { FastifyInstance } from 'fastify';
import {
  AdminMicroConfigCall,
  AdminMicroLimitsSaveCall,
  AdminMicroCurrencySaveCall,
  AdminMicroMarketSaveCall,
  AdminMicroSecondsSaveCall,
  MicroListsCall,
  MicroOrderCall,
  MicroProofCall,
  MicroSubmitCall,
  PayableCurrenciesCall,
  SecondsCall,
} from '@oryx/contracts/micro/calls';
import type { AppContext } from '../../lib/context';
import { idempotent } from '../../lib/idempotency';
import { registerCall } from '../../lib/route';
import { adminConfig, saveCurrency, saveMarket, saveMicroLimits, saveSeconds } from './config';
import { listOrders, ownOrder, payableCurrencies, proofOf, secondsOptions } from './service';
import { submitOrder, submittedText } from './submit';

export async function microRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, PayableCurrenciesCall, ({ session }) => payableCurrencies(ctx, session.userId));
  registerCall(app, SecondsCall, () => secondsOptions(ctx));
  registerCall(app, MicroSubmitCall, async (r) => {
    const userId = r.session.userId;
    // A retry with the same Idempotency-Key / client_id opens one order.
    await idempotent(ctx, r, 'micro.submit', (trx) => submitOrder(ctx, trx, userId, r.input));
    return submittedText(r.locale);
  });
  registerCall(app, MicroListsCall, ({ session, input }) => listOrders(ctx, session.userId, input));
  registerCall(app, MicroOrderCall, ({ session, input }) => ownOrder(ctx, session.userId, input.id));
  registerCall(app, MicroProofCall, ({ input, session }) => proofOf(ctx, input.id, session?.userId ?? null));

  registerCall(app, AdminMicroConfigCall, () => adminConfig(ctx.db));
  registerCall(app, AdminMicroSecondsSaveCall, ({ input }) => saveSeconds(ctx.db, input));
  registerCall(app, AdminMicroCurrencySaveCall, ({ input }) => saveCurrency(ctx.db, input));
  registerCall(app, AdminMicroMarketSaveCall, ({ input }) => saveMarket(ctx.db, input));
  registerCall(app, AdminMicroLimitsSaveCall, async ({ input }) => {
    const l = await saveMicroLimits(
      ctx.db,
      {
        marketId: input.market_id,
        stakeCostBps: input.stake_cost_bps,
        exposureCostBps: input.exposure_cost_bps,
      },
      ctx.clock.now(),
    );
    return { market_id: l.marketId, stake_cost_bps: l.stakeCostBps, exposure_cost_bps: l.exposureCostBps };
  });
}
