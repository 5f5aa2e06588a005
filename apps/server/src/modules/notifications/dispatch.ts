/**
 * The dispatcher: delivers each stored notification once, whichever process wrote it. Every
 * DISPATCH_MS it reads the undelivered rows, claims them (`delivered_at`, one conditional UPDATE for
 * the pass: of several processes, one wins each row), pushes it as `notification` to the user's room (every session
 * of the user, on every process sharing the socket adapter) and, for the security kinds, e-mails it to
 * the account's address through the codes area's e-mail delivery (the sandbox outbox in demo mode).
 * A failed e-mail is logged: the notification itself stays in the user's centre.
 */
import { isLocale, translate } from '@oryx/i18n';
import {
  SECURITY_NOTIFICATION_KINDS,
  renderNotification,
  type NotificationKind,
} from '@oryx/contracts/notifications/calls';
import type { AppContext } from '../../lib/context';
import { createDeliveries, type Delivery } from '../codes/delivery';
import { notificationsRepo, type NotificationRow } from './repo';
import { toWire } from './service';
import { userAccessRepo } from '../users/access-repo';

/** How often the dispatcher looks for undelivered notifications. */
export const DISPATCH_MS = 500;
/** Rows per look; more wait for the next one. */
const BATCH = 200;

/** The e-mail subject and body in the reader's language; without a known one, English and Chinese. */
export function mailText(lang: string, row: Pick<NotificationRow, 'kind' | 'params'>, phrase: string) {
  const params = toWire({
    ...row,
    id: 0,
    user_id: 0,
    created_at: 0,
    read_at: null,
    delivered_at: null,
  }).params;
  const langs = isLocale(lang) ? [lang] : ['en', 'zh'];
  const subject = langs.map((l) => translate(l, 'notifications.mail.subject')).join(' / ');
  const body = langs
    .map((l) => {
      const text = renderNotification((key, p) => translate(l, `notifications.${key}`, p), {
        kind: row.kind,
        params,
      });
      const warn = translate(l, 'notifications.mail.notYou');
      const anti = phrase ? `${translate(l, 'security.mail.antiPhishing', { phrase })}\n\n` : '';
      return `${anti}${text}\n\n${warn}`;
    })
    .join('\n\n----\n\n');
  return { subject, body };
}

async function mail(ctx: AppContext, email: Delivery, row: NotificationRow): Promise<void> {
  const user = await userAccessRepo.mailSettings(ctx.db, row.user_id);
  if (!user?.email) return;
  const { subject, body } = mailText(user.lang, row, user.anti_phishing ?? '');
  await email.deliver({
    channel: 'email',
    destination: user.email.toLowerCase(),
    scene: 'notification',
    subject,
    body,
    code: '',
  });
}

/** One pass over the undelivered rows; how many this process delivered. Tests call it directly. */
export async function dispatchNotifications(
  ctx: AppContext,
  email: Delivery = createDeliveries(ctx).email,
): Promise<number> {
  const rows = await notificationsRepo.undelivered(ctx.db, BATCH);
  const mine = await notificationsRepo.claim(
    ctx.db,
    rows.map((r) => r.id),
    ctx.clock.now(),
  );
  let sent = 0;
  for (const row of rows) {
    if (!mine.has(row.id)) continue;
    sent++;
    try {
      ctx.realtime.toUser(row.user_id, 'notification', { type: 'notification', ...toWire(row) });
      if (SECURITY_NOTIFICATION_KINDS.includes(row.kind as NotificationKind)) await mail(ctx, email, row);
    } catch (err) {
      ctx.log.error({ err, notification: row.id }, 'notifications: delivery failed');
    }
  }
  return sent;
}

/**
 * The module's background work: the dispatcher on the clock's timer, one pass at a time. Like the
 * scheduler's loop it runs where the background does (`npm start`); any number of processes may.
 */
export async function startDispatcher(ctx: AppContext): Promise<() => Promise<void>> {
  const email = createDeliveries(ctx).email;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = dispatchNotifications(ctx, email)
      .catch((err: unknown) => ctx.log.error({ err }, 'notifications: dispatch pass failed'))
      .finally(() => (running = null));
  };
  const timer = ctx.clock.setInterval(tick, DISPATCH_MS);
  return async () => {
    stopped = true;
    timer.clear();
    await running;
  };
}
