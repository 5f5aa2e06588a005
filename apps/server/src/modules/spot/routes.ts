import type { FastifyInstance } from 'fastify';
import {
  CancelOrderCall,
  CoinListCall,
  DealCall,
  EntrustBuyingCall,
  EntrustCompletedCall,
  EntrustRevokeCall,
  EntrustSellingCall,
  GetCurrentCall,
  KlineCall,
  PlaceOrderCall,
} from '@oryx/contracts/spot/calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { clientKeyOf } from '../../lib/idempotency';
import { registerCall } from '../../lib/route';
import { setUsdtPriceSource } from '../wallet/hooks';
import { usdtPricesFromSpot } from './price-history';
import { acquireSpotOwnership } from './ownership';
import { startSpotService } from './service';
import './bot';

// Wallet valuations use the last spot trade prices (reference prices until a market has traded).
setUsdtPriceSource(usdtPricesFromSpot);

/** Spot calls (transport only; the rules are in service.ts and sequencer.ts). */
export async function spotRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // One spot engine per database: refuse to start beside another server's (ownership.ts); stop
  // matching while the lock is lost, reload the books when it is held again.
  let spot: Awaited<ReturnType<typeof startSpotService>> | undefined;
  const ownership = await acquireSpotOwnership(
    ctx,
    {
      onLost: () => spot?.suspend(),
      onRegained: async () => {
        await spot?.resume();
      },
    },
    ctx.env.SPOT_OWNER_RETRY_MS,
  );
  try {
    spot = await startSpotService(ctx);
  } catch (err) {
    await ownership.release();
    throw err;
  }
  const engine = spot;
  app.addHook('preClose', async () => {
    await engine.stop(); // matching has ended before another server may take the lock
    await ownership.release();
  });

  registerCall(app, DealCall, ({ input }) => engine.deal(input));
  // Placing and cancelling answer a sentence in `message` (clients toast it) and the order in `order`.
  registerCall(app, PlaceOrderCall, async ({ input, session, req, locale }) => {
    const order = await engine.placeOrder(session!, input, clientKeyOf(req.headers, input));
    return { type: 'ok' as const, message: translate(locale, `spot.placed.${order.state}`), order };
  });
  registerCall(app, CancelOrderCall, async ({ input, session, locale }) => {
    const order = await engine.cancelOrder(session!.userId, input.id);
    return { type: 'ok' as const, message: translate(locale, 'spot.orders.revoked'), order };
  });
  registerCall(app, CoinListCall, ({ input, session }) => engine.coinList(session!.userId, input));
  registerCall(app, KlineCall, ({ input }) => engine.klines(input));
  registerCall(app, GetCurrentCall, ({ input }) => engine.getCurrent(input));
  registerCall(app, EntrustBuyingCall, ({ input, session }) =>
    engine.entrustOpen(session!.userId, 'buy', input.page),
  );
  registerCall(app, EntrustSellingCall, ({ input, session }) =>
    engine.entrustOpen(session!.userId, 'sell', input.page),
  );
  registerCall(app, EntrustCompletedCall, ({ input, session }) =>
    engine.entrustCompleted(session!.userId, input.page),
  );
  registerCall(app, EntrustRevokeCall, ({ input, session }) => engine.cancelOrder(session!.userId, input.id));
}
