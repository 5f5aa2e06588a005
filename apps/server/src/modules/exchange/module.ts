import type { ServerModule } from '../module';
import { exchangeRoutes } from './routes';

export const exchangeModule: ServerModule = {
  name: 'exchange',
  routes: exchangeRoutes,
};
