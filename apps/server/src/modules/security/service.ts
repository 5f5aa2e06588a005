/**
 * Security settings: the overview, the anti-phishing phrase, and an operator's freeze. Two-factor setup
 * is two-factor-setup.ts, sessions and login history sessions.ts.
 */
import { ANTI_PHISHING_PATTERN, type SecurityOverview } from '@oryx/contracts/security/calls';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import type { SessionService } from '../auth/session-service';
import { requireSecondFactor, twoFactorRow } from '../auth/two-factor';
import { upsertSecurity } from './repo';

export async function overview(ctx: AppContext, userId: number): Promise<SecurityOverview> {
  const row = await ctx.db
    .selectFrom('user_security')
    .select(['totp_secret', 'totp_enabled_at', 'anti_phishing'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const on = !!row?.totp_secret && row.totp_enabled_at !== null;
  const left = on
    ? await ctx.db
        .selectFrom('user_recovery_codes')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  return { two_factor: on, recovery_left: Number(left?.n ?? 0), anti_phishing: row?.anti_phishing ?? '' };
}

/** Sets ('' removes) the phrase every e-mail to the user shows (modules/codes). A security setting: 2FA. */
export async function setAntiPhishing(
  ctx: AppContext,
  userId: number,
  input: { phrase: string; code: string },
): Promise<void> {
  const phrase = input.phrase.trim();
  if (phrase !== '' && !ANTI_PHISHING_PATTERN.test(phrase)) throw new AppError('SECURITY_PHRASE_INVALID');
  await requireSecondFactor(ctx, userId, input.code);
  await upsertSecurity(ctx, userId, { anti_phishing: phrase });
}

/** An operator freezes (no login, every session ends at once, sockets included) or unfreezes a user. */
export async function freezeUser(
  ctx: AppContext,
  sessions: SessionService,
  userId: number,
  frozen: boolean,
): Promise<void> {
  const user = await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', { path: 'user' });
  const was = (await twoFactorRow(ctx.db, userId))?.frozen_at ?? null;
  await upsertSecurity(ctx, userId, { frozen_at: frozen ? (was ?? ctx.clock.now()) : null });
  if (frozen) await sessions.revokeAllForUser(userId);
}
