import type { ServerModule } from '../module';
import { accountRoutes } from './routes';

export const accountModule: ServerModule = { name: 'account', routes: accountRoutes };
