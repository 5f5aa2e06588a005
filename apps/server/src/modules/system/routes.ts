import type { FastifyInstance } from 'fastify';
import { EnvJsonCall, SetLangCall } from '@oryx/contracts/system/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { usersRepo } from '../users/repo';
import { isSmsAvailable } from '../../lib/sms-config';

export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, EnvJsonCall, ({ req }) => {
    // The socket shares the API's port: report the port this request actually reached.
    const port = req.socket.localPort ?? ctx.env.PORT;
    return {
      socket_io_port: port,
      login_need_smscode: ctx.env.LOGIN_NEED_SMSCODE,
      sms_available: isSmsAvailable(ctx.env),
      sandbox_codes: ctx.env.ORYX_MODE === 'demo',
    };
  });

  registerCall(app, SetLangCall, async ({ input, session }) => {
    if (session) {
      await usersRepo.update(ctx.db, session.userId, { lang: input.lang }, ctx.clock.now());
      app.sessions.forgetUser(session.userId);
    }
    return input.lang;
  });
}
