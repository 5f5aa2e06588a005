import type { AppContext } from '../../lib/context';
import type { ServerModule, Stop } from '../module';
import { seedBots, startSpotBot } from './bot';
import { acquireSpotOwnership } from './ownership';
import { usdtPricesFromSpot, type PricePoint } from './price-history';
import { spotRoutes } from './routes';
import { newDemoBotState, spotReadiness, type DemoBotState } from './readiness';
import { SpotService } from './service';
import { SpotHistory } from './history';

declare module '../../lib/services' {
  interface Services {
    spot: {
      /** The matching engine: books, committer and publisher (started by `start` below). */
      engine: SpotService;
      /** Orders, trades and candles read from the database (history.ts). */
      history: SpotHistory;
      /** Each loaded market's latest committed trade price (price-history.ts `lastPrice`). */
      lastPrices: Map<number, PricePoint>;
      /** The demo market maker's start (readiness.ts: the books are ready once it has quoted). */
      demoBot: DemoBotState;
    };
  }
}

/**
 * With PostgreSQL and Redis, several processes share the markets, one owner each (cluster.ts). Otherwise
 * one spot engine per database: refuse to start beside another server's (ownership.ts); stop matching
 * while the lock is lost, reload the books when it is held again. Stopping ends matching before the
 * lock is released, so another server takes over only then.
 */
async function startSpotEngine(ctx: AppContext): Promise<Stop> {
  const readers = ctx.services.metrics.readers;
  if (ctx.dialect === 'postgres' && ctx.services.cluster.bus.isShared) {
    // Several processes on PostgreSQL and Redis: each market has one owner (cluster.ts).
    const engine = ctx.services.spot.engine;
    await engine.start({ clustered: true });
    readers.spotQueueDepth = () => engine.committer.queued;
    readers.spotOwnedMarkets = () =>
      engine.ownedMarkets().map((id) => engine.market(id)?.symbol ?? String(id));
    return () => engine.stop();
  }
  let spot: SpotService | undefined;
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
    await ctx.services.spot.engine.start();
    spot = ctx.services.spot.engine;
  } catch (err) {
    await ownership.release();
    throw err;
  }
  const engine = spot;
  readers.spotQueueDepth = () => engine.committer.queued;
  readers.spotOwnedMarkets = () =>
    engine.loadedAt === null || engine.committer.isSuspended ? [] : engine.allMarkets().map((m) => m.symbol);
  return async () => {
    await engine.stop();
    await ownership.release();
  };
}

export const spotModule: ServerModule = {
  name: 'spot',
  services: (ctx) => {
    const engine = new SpotService(ctx);
    return {
      spot: {
        engine,
        history: new SpotHistory(ctx, engine),
        lastPrices: new Map(),
        demoBot: newDemoBotState(),
      },
    };
  },
  start: startSpotEngine,
  routes: spotRoutes,
  background: startSpotBot,
  demoSeed: seedBots,
  // Wallet valuations use the last spot trade prices (reference prices until a market has traded).
  provides: { usdtPrices: usdtPricesFromSpot },
  ready: spotReadiness,
};
