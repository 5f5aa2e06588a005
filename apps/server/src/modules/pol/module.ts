import type { ServerModule } from '../module';
import { polRoutes } from './routes';
import { ensureSnapshotJob, SNAPSHOT_JOB, snapshotJob } from './service';

/**
 * Proof of liabilities: daily (and on an operator's request) a Merkle-sum tree per currency over every
 * user's balance, its root and total published beside the system accounts' totals, and each user's own
 * proof (README.md, docs/proof-of-liabilities.md).
 */
export const polModule: ServerModule = {
  name: 'pol',
  jobs: { [SNAPSHOT_JOB]: snapshotJob },
  routes: polRoutes,
  // Only with the background work: other areas' tests run their due jobs and must not meet this one.
  background: async (ctx) => {
    await ensureSnapshotJob(ctx);
    return async () => {};
  },
};
