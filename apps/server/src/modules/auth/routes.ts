import type { FastifyInstance } from 'fastify';
import { LogoutCall } from '@oryx/contracts/account/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { tokenFromHeader } from './session-service';

export async function authRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  registerCall(app, LogoutCall, async ({ req }) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (token) await app.sessions.revoke(token);
    return 'ok';
  });
}
