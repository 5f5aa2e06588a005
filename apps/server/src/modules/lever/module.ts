import type { ServerModule } from '../module';
import { leverBook } from './book';
import { seedLeverTerms } from './config';
import { OVERNIGHT_JOB, overnightJob } from './overnight';
import { leverRepo } from './repo';
import { startRiskLoop } from './risk';
import { stopLeverPushes } from './push';
import { leverRoutes } from './routes';

export const leverModule: ServerModule = {
  name: 'lever',
  // Terms of lever-enabled markets (inserted when missing, never overwritten).
  seed: seedLeverTerms,
  routes: leverRoutes,
  jobs: { [OVERNIGHT_JOB]: overnightJob },
  // The in-memory index of live orders, loaded from the table at every start; the pushes' timers end
  // with the app.
  start: async (ctx) => {
    await leverBook(ctx).ready();
    return () => stopLeverPushes(ctx);
  },
  // The wallet refuses transfers out of the lever wallet while positions or pending orders hold margin.
  provides: { leverPositions: (db, userId, currencyId) => leverRepo.hasLive(db, userId, currencyId) },
  // Liquidation, take-profit / stop-loss and limit orders, evaluated against the mark every second.
  background: startRiskLoop,
};
