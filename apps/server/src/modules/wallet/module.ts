import type { ServerModule } from '../module';
import { seedDemoBalances } from './demo-seed';
import { walletRoutes } from './routes';

export const walletModule: ServerModule = {
  name: 'wallet',
  routes: walletRoutes,
  demoSeed: seedDemoBalances,
};
