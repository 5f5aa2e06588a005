import type { ServerModule } from '../module';
import { uploadRoutes } from './routes';
import { EXPIRE_JOB, expireUnclaimedJob } from './service';

export const uploadsModule: ServerModule = {
  name: 'uploads',
  routes: uploadRoutes,
  // Uploads sent without a session and never claimed are deleted after UNCLAIMED_TTL_MS.
  jobs: { [EXPIRE_JOB]: expireUnclaimedJob },
};
