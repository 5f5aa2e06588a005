import type { ServerModule } from '../module';
import { seedDemoUsers } from './demo-seed';
import { authRoutes } from './routes';

export const authModule: ServerModule = { name: 'auth', routes: authRoutes, demoSeed: seedDemoUsers };
