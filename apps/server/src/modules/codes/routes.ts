import type { FastifyInstance } from 'fastify';
import {
  CheckEmailCall,
  CheckMobileCall,
  OutboxCall,
  SendMailCall,
  SendSmsCall,
} from '@oryx/contracts/auth/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { createDeliveries } from './delivery';
import { checkCode, sendCode } from './service';
import { codesRepo } from './repo';

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
  registerCall(app, OutboxCall, async ({ input }) => {
    const rows = await codesRepo.outbox(ctx.db, input.destination.trim().toLowerCase(), input.limit);
    return { list: rows };
  });
}
