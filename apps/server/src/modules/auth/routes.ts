import type { FastifyInstance } from 'fastify';
import { LogoutCall } from '@oryx/contracts/account/calls';
import {
  ChangePasswordCall,
  ForgetCall,
  LoginCall,
  PointsLoginCall,
  RegisterCall,
} from '@oryx/contracts/auth/calls';
import type { AppContext } from '../../lib/context';
import { registerCall, type CallRequest } from '../../lib/route';
import { tokenFromHeader } from './session-service';
import { changePassword, forget, login, register, type RequestFacts } from './service';

const facts = (r: CallRequest<unknown>): RequestFacts => ({
  ip: r.ip,
  userAgent: String(r.req.headers['user-agent'] ?? ''),
  locale: r.locale,
  session: r.session,
});

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, LogoutCall, async ({ req }) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (token) await app.sessions.revoke(token);
    return 'ok';
  });
  registerCall(app, RegisterCall, (r) => register(ctx, app.sessions, r.input, facts(r)));
  registerCall(app, LoginCall, (r) => login(ctx, app.sessions, r.input, facts(r)));
  registerCall(app, PointsLoginCall, (r) => login(ctx, app.sessions, r.input, facts(r)));
  registerCall(app, ForgetCall, (r) => forget(ctx, app.sessions, r.input, facts(r)));
  registerCall(app, ChangePasswordCall, (r) =>
    changePassword(ctx, app.sessions, r.session.userId, r.input, facts(r)),
  );
}
