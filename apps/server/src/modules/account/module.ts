import type { ServerModule } from '../module';
import { paymentDetailsJobs } from './payment-details';
import { accountRoutes } from './routes';

export const accountModule: ServerModule = {
  name: 'account',
  routes: accountRoutes,
  jobs: paymentDetailsJobs,
};
