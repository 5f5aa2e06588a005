import type { ServerModule } from '../module';
import { seedLeverTerms } from './config';
import { leverRoutes } from './routes';

export const leverModule: ServerModule = {
  name: 'lever',
  // Terms of lever-enabled markets (inserted when missing, never overwritten).
  seed: seedLeverTerms,
  routes: leverRoutes,
};
