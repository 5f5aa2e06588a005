import type { ServerModule } from '../module';
import { newsRoutes } from './routes';

export const newsModule: ServerModule = { name: 'news', routes: newsRoutes };
