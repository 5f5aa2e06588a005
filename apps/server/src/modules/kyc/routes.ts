import type { FastifyInstance } from 'fastify';
import {
  AdminKycApproveCall,
  AdminKycListCall,
  AdminKycRejectCall,
  RealNameCall,
} from '@oryx/contracts/kyc/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { approveSubmission, listSubmissions, rejectSubmission, submitIdentity } from './service';

export async function kycRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, RealNameCall, ({ input, session, locale }) =>
    submitIdentity(ctx, session.userId, input, locale),
  );
  registerCall(app, AdminKycListCall, async ({ input, audit }) => {
    const page = await listSubmissions(ctx, input);
    // The audit log names whose identity documents this read showed.
    audit({ subject: 'kyc_documents', subjectId: page.data.map((s) => s.user_id).join(',') });
    return page;
  });
  registerCall(app, AdminKycApproveCall, ({ input, session, locale }) =>
    approveSubmission(ctx, session.userId, input.id, locale),
  );
  registerCall(app, AdminKycRejectCall, ({ input, session, locale }) =>
    rejectSubmission(ctx, session.userId, input.id, input.reason, locale),
  );
}
