import type { FastifyInstance } from 'fastify';
import {
  CancelOrderCall,
  CoinListCall,
  DealCall,
  EntrustBuyingCall,
  EntrustCompletedCall,
  EntrustListCall,
  EntrustRevokeCall,
  EntrustSellingCall,
  GetCurrentCall,
  KlineCall,
  PlaceOrderCall,
} from '@oryx/contracts/spot/calls';
import { SpotTradeProofCall } from '@oryx/contracts/spot/proof';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { clientKeyOf } from '../../lib/idempotency';
import { registerCall } from '../../lib/route';
import { spotTradeProofOf } from './proof';

/** Spot calls (transport only; the rules are in service.ts, matching.ts and committer.ts). */
export async function spotRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Started before any route is registered (spotModule.start).
  const engine = ctx.services.spot.engine;
  const history = ctx.services.spot.history;

  registerCall(app, DealCall, ({ input }) => engine.deal(input));
  // Placing and cancelling answer a sentence in `message` (clients toast it) and the order in `order`.
  registerCall(app, PlaceOrderCall, async ({ input, session, req, locale }) => {
    const order = await engine.placeOrder(session, input, clientKeyOf(req.headers, input));
    return { type: 'ok' as const, message: translate(locale, `spot.placed.${order.state}`), order };
  });
  registerCall(app, CancelOrderCall, async ({ input, session, locale }) => {
    const order = await engine.cancelOrder(session.userId, input.id);
    return { type: 'ok' as const, message: translate(locale, 'spot.orders.revoked'), order };
  });
  registerCall(app, CoinListCall, ({ input, session }) => history.coinList(session.userId, input));
  registerCall(app, KlineCall, ({ input }) => history.klines(input));
  registerCall(app, GetCurrentCall, ({ input }) => engine.getCurrent(input));
  registerCall(app, EntrustBuyingCall, ({ input, session }) =>
    history.entrustOpen(session.userId, 'buy', input.page),
  );
  registerCall(app, EntrustSellingCall, ({ input, session }) =>
    history.entrustOpen(session.userId, 'sell', input.page),
  );
  registerCall(app, EntrustCompletedCall, ({ input, session }) =>
    history.entrustCompleted(session.userId, input.page),
  );
  registerCall(app, EntrustListCall, ({ input, session }) =>
    history.entrustList(session.userId, input.type, input.page),
  );
  registerCall(app, SpotTradeProofCall, (r) => spotTradeProofOf(ctx, r.input.id, r.session?.userId ?? null));
  registerCall(app, EntrustRevokeCall, ({ input, session }) => engine.cancelOrder(session.userId, input.id));
}
