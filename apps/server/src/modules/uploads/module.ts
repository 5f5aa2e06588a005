import type { ServerModule } from '../module';
import { uploadRoutes } from './routes';

export const uploadsModule: ServerModule = { name: 'uploads', routes: uploadRoutes };
