import type { FastifyInstance } from 'fastify';
import {
  CheckEmailCall,
  CheckMobileCall,
  OutboxCall,
  SandboxCodeCall,
  SendMailCall,
  SendSmsCall,
} from '@oryx/contracts/auth/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { createDeliveries } from './delivery';
import { checkCode, sendCode } from './service';
import { codesRepo } from './repo';
import { sandboxCode } from './sandbox-codes';

export async function codesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deliveries = createDeliveries(ctx);

  registerCall(app, SendSmsCall, ({ input, session, ip, locale }) =>
    sendCode(ctx, deliveries, { channel: 'sms', input, session, ip, locale }),
  );
  registerCall(app, SendMailCall, ({ input, session, ip, locale }) =>
    sendCode(ctx, deliveries, { channel: 'email', input, session, ip, locale }),
  );
  registerCall(app, CheckMobileCall, ({ input, session, ip, locale }) =>
    checkCode(ctx, {
      channel: 'sms',
      code: input.mobile_code,
      userString: input.user_string,
      areaCode: input.area_code,
      scene: input.scene,
      type: input.type,
      session,
      ip,
      locale,
    }),
  );
  registerCall(app, CheckEmailCall, ({ input, session, ip, locale }) =>
    checkCode(ctx, {
      channel: 'email',
      code: input.email_code,
      userString: input.user_string,
      areaCode: input.area_code,
      scene: input.scene,
      type: input.type,
      session,
      ip,
      locale,
    }),
  );
  // Live codes are readable in demo mode only, by the administrator, each read audited (the contract).
  if (ctx.env.ORYX_MODE === 'demo') {
    registerCall(app, OutboxCall, async ({ input, audit }) => {
      const destination = input.destination.trim().toLowerCase();
      const rows = await codesRepo.outbox(ctx.db, destination, input.limit);
      audit({ subject: 'outbox', subjectId: destination });
      return { list: rows };
    });
    // The sign-up and reset pages' sandbox notice: the code of the one request that sent this ticket.
    registerCall(app, SandboxCodeCall, ({ input }) => sandboxCode(ctx, input.ticket));
  }
}
