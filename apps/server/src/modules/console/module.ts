import type { ServerModule } from '../module';
import { runInTransaction } from '../../db/transaction';
import { schedule } from '../scheduler/scheduler';
import { recordStaffAction } from './audit';
import { runLedgerCheck } from './dashboard';
import { consoleRoutes } from './routes';

/** The ledger check runs every hour (and on demand from the dashboard). */
export const LEDGER_CHECK_JOB = 'console.ledger_check';
const HOUR_MS = 3_600_000;

const nextHour = (now: number) => (Math.floor(now / HOUR_MS) + 1) * HOUR_MS;

/**
 * The operator console's server side: staff roles are checked by the route layer (lib/route.ts with
 * @oryx/contracts/console/roles); this area records the audit log (the `staffAudit` seam), keeps user
 * restrictions, four-eyes requests and corrections, and answers the console's own calls.
 */
export const consoleModule: ServerModule = {
  name: 'console',
  provides: { staffAudit: recordStaffAction },
  jobs: {
    [LEDGER_CHECK_JOB]: {
      async run(tx) {
        const next = nextHour(tx.nowMs);
        await schedule(tx.trx, LEDGER_CHECK_JOB, next, {}, { uniqueKey: `hour:${next}`, nowMs: tx.nowMs });
        // The check reads in its own snapshot, after this claim commits: never inside a write transaction.
        tx.afterCommit(async () => {
          await runLedgerCheck(tx.ctx);
        });
      },
    },
  },
  routes: consoleRoutes,
  background: async (ctx) => {
    const at = nextHour(ctx.clock.now());
    await runInTransaction(ctx.db, (trx) =>
      schedule(trx, LEDGER_CHECK_JOB, at, {}, { uniqueKey: `hour:${at}`, nowMs: ctx.clock.now() }),
    );
    return async () => {};
  },
};
