import type { FastifyInstance } from 'fastify';
import { EnvJsonCall, SetLangCall } from '@oryx/contracts/system/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';

export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, EnvJsonCall, ({ req }) => {
    // The socket shares the API's port: report the port this request actually reached.
    const port = req.socket.localPort ?? ctx.env.PORT;
    return { socket_io_port: port, login_need_smscode: ctx.env.LOGIN_NEED_SMSCODE };
  });

  registerCall(app, SetLangCall, async ({ input, session }) => {
    if (session) {
      await ctx.db
        .updateTable('users')
        .set({ lang: input.lang, updated_at: ctx.clock.now() })
        .where('id', '=', session.userId)
        .execute();
      app.sessions.forgetUser(session.userId);
    }
    return input.lang;
  });
}
