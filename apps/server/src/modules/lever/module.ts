import type { ServerModule } from '../module';
import { LeverBook } from './book';
import { seedLeverTerms } from './config';
import { shareIndex } from './index-bus';
import { OVERNIGHT_JOB, overnightJob } from './overnight';
import { leverRepo } from './repo';
import { startRiskLoop } from './risk';
import { LeverPusher } from './push';
import { leverRoutes } from './routes';

declare module '../../lib/services' {
  interface Services {
    lever: {
      /** The in-memory index of live orders (book.ts), loaded at start. */
      book: LeverBook;
      /** The throttled `lever_trade` / `lever_closed` pushes (push.ts). */
      pushes: LeverPusher;
    };
  }
}

export const leverModule: ServerModule = {
  name: 'lever',
  services: (ctx) => ({ lever: { book: new LeverBook(ctx.db), pushes: new LeverPusher(ctx) } }),
  // Terms of lever-enabled markets (inserted when missing, never overwritten).
  seed: seedLeverTerms,
  routes: leverRoutes,
  jobs: { [OVERNIGHT_JOB]: overnightJob },
  // The in-memory index of live orders, loaded from the table at every start and kept current with the
  // other server processes' writes (index-bus.ts); the pushes' timers end with the app.
  start: async (ctx) => {
    const book = ctx.services.lever.book;
    const stopSharing = shareIndex(ctx);
    // The index's first load starts once the other processes' changes are heard (index-bus.ts): a change
    // committed meanwhile is either in the load or in a message queued during it.
    await ctx.services.cluster.bus.subscribed();
    // A market this process takes is evaluated here from now on: reload, so nothing written while its
    // previous owner ran it (and not yet heard of) is missed.
    const stopFollowing = ctx.services.spot.engine.onOwnership((_marketId, isOwned) => {
      if (isOwned) book.invalidate();
    });
    try {
      await book.ready();
    } catch (err) {
      stopFollowing();
      await stopSharing();
      throw err;
    }
    // Open positions per market at each scrape (modules/metrics); pending limit orders are not positions.
    // With several processes each reports the markets it owns (every process's index holds every
    // position), so summing the gauge over processes counts each position once.
    ctx.services.metrics.readers.leverOpenPositions = () => {
      const n = new Map<string, number>();
      const engine = ctx.services.spot.engine;
      for (const e of ctx.services.lever.book.entries()) {
        if (e.row.status !== 1) continue;
        if (engine.cluster && !engine.owns(e.row.market_id)) continue;
        const m = ctx.services.spot.engine.market(e.row.market_id)?.symbol ?? String(e.row.market_id);
        n.set(m, (n.get(m) ?? 0) + 1);
      }
      return n;
    };
    return async () => {
      stopFollowing();
      await stopSharing();
      await ctx.services.lever.pushes.stop();
    };
  },
  // The wallet refuses transfers out of the lever wallet while positions or pending orders hold margin.
  provides: { leverPositions: (db, userId, currencyId) => leverRepo.hasLive(db, userId, currencyId) },
  // Liquidation, take-profit / stop-loss and limit orders, evaluated against the mark every second, for
  // the markets this process owns.
  background: startRiskLoop,
};
