import type { ServerModule } from '../module';
import { securityRoutes } from './routes';

export const securityModule: ServerModule = { name: 'security', routes: securityRoutes };
