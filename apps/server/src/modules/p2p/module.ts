import type { ServerModule } from '../module';
import { seedDemoC2cAds } from './demo-ads';
import { p2pJobs } from './jobs';
import { p2pRoutes } from './routes';
import { seedDemoShop } from './shop/demo-seed';

export const p2pModule: ServerModule = {
  name: 'p2p',
  routes: p2pRoutes,
  jobs: p2pJobs,
  demoSeed: async (db, clock) => {
    await seedDemoShop(db, clock);
    await seedDemoC2cAds(db, clock);
  },
};
