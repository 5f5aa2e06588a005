/**
 * The account notices (e-mailed as well as stored: dispatch.ts): a login from a device not seen on the
 * account before, a changed password, two-factor on or off. Called by the areas that made the change.
 */
import type { AppContext } from '../../lib/context';
import { deviceOf } from '../../lib/device';
import { notify, type Notice } from './service';
import { notificationsRepo } from './repo';

/**
 * Before a login's session is made: when the account has logged in before, but never with this
 * browser (same user agent), its owner hears of the new device. A first login (sign-up) says nothing.
 */
export async function noticeIfNewDevice(
  ctx: AppContext,
  userId: number,
  facts: { ip?: string; userAgent?: string },
): Promise<void> {
  const ua = (facts.userAgent ?? '').slice(0, 256);
  const seen = await notificationsRepo.recentUserAgents(ctx.db, userId, 200);
  if (seen.length === 0 || seen.includes(ua)) return;
  const params = { device: deviceOf(ua) || '?', ip: facts.ip ?? '' };
  await notify(ctx.db, [{ userId, kind: 'security.new_device', params }], ctx.clock.now());
}

/** The password was changed, or two-factor turned on or off. */
export async function noticeAccountChange(
  ctx: AppContext,
  userId: number,
  kind: Extract<
    Notice['kind'],
    'security.password_changed' | 'security.two_factor_on' | 'security.two_factor_off'
  >,
): Promise<void> {
  await notify(ctx.db, [{ userId, kind }], ctx.clock.now());
}
