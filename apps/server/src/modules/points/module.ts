import type { ServerModule } from '../module';
import { accrualJob, ensureAccrualJob } from './accrual';
import { ACCRUAL_JOB, seedPoints } from './config';
import { seedDemoPoints } from './demo-seed';
import { pointsRoutes } from './routes';

export const pointsModule: ServerModule = {
  name: 'points',
  seed: seedPoints,
  demoSeed: seedDemoPoints,
  routes: pointsRoutes,
  jobs: { [ACCRUAL_JOB]: accrualJob },
  // Kept alive from the background starter, as team's commission run (other areas' test apps run their
  // due jobs and must not meet this one); this area's tests call ensureAccrualJob.
  background: async (ctx) => {
    await ensureAccrualJob(ctx);
    return async () => {};
  },
};
