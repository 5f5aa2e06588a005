import type { ServerModule } from '../module';
import { PAYOUT_JOB, seedEarning } from './config';
import { payoutJob } from './payouts';
import { earningRoutes } from './routes';

export const earningModule: ServerModule = {
  name: 'earning',
  seed: seedEarning,
  routes: earningRoutes,
  jobs: { [PAYOUT_JOB]: payoutJob },
};
