import type { ServerModule } from '../module';
import { seedMicroConfig } from './config';
import { microRoutes } from './routes';
import { SETTLE_JOB } from './service';
import { settleJob } from './settle';

export const microModule: ServerModule = {
  name: 'micro',
  // Seconds-options durations and currency terms (inserted when missing, never overwritten).
  seed: seedMicroConfig,
  routes: microRoutes,
  jobs: { [SETTLE_JOB]: settleJob },
};
