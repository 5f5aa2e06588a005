import type { ServerModule } from '../module';
import { marketRoutes } from './routes';

export const marketModule: ServerModule = { name: 'market', routes: marketRoutes };
