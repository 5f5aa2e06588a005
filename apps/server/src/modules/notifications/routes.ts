import type { FastifyInstance } from 'fastify';
import { NotificationsListCall, NotificationsReadCall } from '@oryx/contracts/notifications/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { listNotifications, markRead } from './service';

/** Every call reads or marks the session's own user's notifications only. */
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, NotificationsListCall, ({ session, input }) =>
    listNotifications(ctx, session.userId, input),
  );
  registerCall(app, NotificationsReadCall, ({ session, input }) => markRead(ctx, session.userId, input));
}
