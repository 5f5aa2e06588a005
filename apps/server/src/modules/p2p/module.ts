import type { ServerModule } from '../module';
import { p2pJobs } from './jobs';
import { p2pRoutes } from './routes';

export const p2pModule: ServerModule = {
  name: 'p2p',
  routes: p2pRoutes,
  jobs: p2pJobs,
};
