import type { ServerModule } from '../module';
import { seedDemoAcceptors } from './demo-seed';
import { acceptorJobs } from './jobs';
import { acceptorRoutes } from './routes';

export const acceptorModule: ServerModule = {
  name: 'acceptor',
  routes: acceptorRoutes,
  jobs: acceptorJobs,
  demoSeed: seedDemoAcceptors,
};
