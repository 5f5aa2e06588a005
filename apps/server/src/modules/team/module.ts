import type { ServerModule } from '../module';
import { commissionJob, ensureCommissionJob } from './commissions';
import { COMMISSION_JOB, seedTeam } from './config';
import { teamRoutes } from './routes';

export const teamModule: ServerModule = {
  name: 'team',
  seed: seedTeam,
  routes: teamRoutes,
  jobs: { [COMMISSION_JOB]: commissionJob },
  // The hourly run is kept alive from the background starter (production), not from `start`: test apps
  // of other areas run their due jobs and must not meet this one. Tests of this area call ensureCommissionJob.
  background: async (ctx) => {
    await ensureCommissionJob(ctx);
    return async () => {};
  },
};
