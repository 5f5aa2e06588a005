import type { ServerModule } from '../module';
import { codesRoutes } from './routes';

export const codesModule: ServerModule = { name: 'codes', routes: codesRoutes };
