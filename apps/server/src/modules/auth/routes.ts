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
import { sessionCookieHeader } from './session-cookie';
import { changePassword, forget, login, register, type RequestFacts } from './service';

const facts = (r: CallRequest<unknown>): RequestFacts => ({
  ip: r.ip,
  userAgent: String(r.req.headers['user-agent'] ?? ''),
  locale: r.locale,
  session: r.session,
});

type LoginInput = Parameters<typeof login>[2];

/**
 * Login, beside the token: the session cookie (session-cookie.ts) that proves the session to the socket
 * and to the few reads clients of this API family send without a token.
 */
async function loginWithCookie(app: FastifyInstance, ctx: AppContext, r: CallRequest<LoginInput>) {
  const reply = await login(ctx, app.sessions, r.input, facts(r));
  await setSessionCookie(app, ctx, r, reply.message);
  return reply;
}

/** The session cookie for a session just opened by its token (login, and sign-up's own login). */
async function setSessionCookie(
  app: FastifyInstance,
  ctx: AppContext,
  r: CallRequest<unknown>,
  token: string,
): Promise<void> {
  const cookie = await app.sessions.cookieFor(token);
  if (cookie === null) return;
  const ttlMs = ctx.env.SESSION_TTL_HOURS * 3600_000;
  r.reply.header('set-cookie', sessionCookieHeader(cookie, ttlMs, r.req.protocol === 'https'));
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, LogoutCall, async ({ req, reply }) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (token) await app.sessions.revoke(token);
    reply.header('set-cookie', sessionCookieHeader('', 0, req.protocol === 'https'));
    return 'ok';
  });
  registerCall(app, RegisterCall, async (r) => {
    const reply = await register(ctx, app.sessions, r.input, facts(r));
    await setSessionCookie(app, ctx, r, reply.token);
    return reply;
  });
  registerCall(app, LoginCall, (r) => loginWithCookie(app, ctx, r));
  registerCall(app, PointsLoginCall, (r) => loginWithCookie(app, ctx, r));
  registerCall(app, ForgetCall, (r) => forget(ctx, app.sessions, r.input, facts(r)));
  registerCall(app, ChangePasswordCall, (r) =>
    changePassword(ctx, app.sessions, r.session.userId, r.input, facts(r)),
  );
}
