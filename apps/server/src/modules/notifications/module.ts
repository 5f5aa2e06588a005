import type { ServerModule } from '../module';
import { startDispatcher } from './dispatch';
import { notificationsRoutes } from './routes';

export const notificationsModule: ServerModule = {
  name: 'notifications',
  background: startDispatcher,
  routes: notificationsRoutes,
};
