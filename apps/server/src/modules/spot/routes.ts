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
  // One spot engine per database: refuse to start beside another server's (ownership.ts).
  const ownership = await acquireSpotOwnership(ctx);
  let spot: Awaited<ReturnType<typeof startSpotService>>;
  try {
    spot = await startSpotService(ctx);
  } catch (err) {
    await ownership.release();
    throw err;
  }
  app.addHook('preClose', async () => {
    await spot.stop();
    await ownership.release();
  });

  registerCall(app, DealCall, ({ input }) => spot.deal(input));
  registerCall(app, PlaceOrderCall, ({ input, session, req }) =>
    spot.placeOrder(session!, input, clientKeyOf(req.headers, input)),
  );
  registerCall(app, CancelOrderCall, ({ input, session }) => spot.cancelOrder(session!.userId, input.id));
  registerCall(app, CoinListCall, ({ input, session }) => spot.coinList(session!.userId, input));
  registerCall(app, KlineCall, ({ input }) => spot.klines(input));
  registerCall(app, GetCurrentCall, ({ input }) => spot.getCurrent(input));
  registerCall(app, EntrustBuyingCall, ({ input, session }) =>
    spot.entrustOpen(session!.userId, 'buy', input.page),
  );
  registerCall(app, EntrustSellingCall, ({ input, session }) =>
    spot.entrustOpen(session!.userId, 'sell', input.page),
  );
  registerCall(app, EntrustCompletedCall, ({ input, session }) =>
    spot.entrustCompleted(session!.userId, input.page),
  );
  registerCall(app, EntrustRevokeCall, ({ input, session }) => spot.cancelOrder(session!.userId, input.id));
}
