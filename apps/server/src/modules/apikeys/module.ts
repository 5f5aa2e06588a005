import type { ServerModule } from '../module';
import { apiKeysRoutes } from './routes';

export const apiKeysModule: ServerModule = { name: 'apikeys', routes: apiKeysRoutes };
