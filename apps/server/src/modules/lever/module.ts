import type { ServerModule } from '../module';
import { LeverBook } from './book';
import { seedLeverTerms } from './config';
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
  // The in-memory index of live orders, loaded from the table at every start; the pushes' timers end
  // with the app.
  start: async (ctx) => {
    await ctx.services.lever.book.ready();
    return () => ctx.services.lever.pushes.stop();
  },
  // The wallet refuses transfers out of the lever wallet while positions or pending orders hold margin.
  provides: { leverPositions: (db, userId, currencyId) => leverRepo.hasLive(db, userId, currencyId) },
  // Liquidation, take-profit / stop-loss and limit orders, evaluated against the mark every second.
  background: startRiskLoop,
};
