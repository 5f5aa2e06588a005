import type { ServerModule } from '../module';
import { kycRoutes } from './routes';

export const kycModule: ServerModule = { name: 'kyc', routes: kycRoutes };
