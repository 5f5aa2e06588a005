import type { FastifyInstance } from 'fastify';
import { AdminPolSnapshotCall, PolProofCall, PolSnapshotsCall } from '@oryx/contracts/pol/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { proofsOf } from './proof';
import { listSnapshots, takeSnapshot } from './service';

export async function polRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, PolSnapshotsCall, () => listSnapshots(ctx));
  registerCall(app, PolProofCall, ({ session, input }) => proofsOf(ctx, session.userId, input.id));
  registerCall(app, AdminPolSnapshotCall, async ({ session, audit }) => {
    const snapshot = await takeSnapshot(ctx, 'operator', session.userId);
    audit({
      subject: 'pol.snapshot',
      subjectId: snapshot.id,
      after: snapshot.currencies.map((c) => ({
        currency: c.currency,
        root: c.root_hash,
        total: c.total_minor,
      })),
    });
    return snapshot;
  });
}
