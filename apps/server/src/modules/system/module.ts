import type { ServerModule } from '../module';
import { systemRoutes } from './routes';

export const systemModule: ServerModule = { name: 'system', routes: systemRoutes };
