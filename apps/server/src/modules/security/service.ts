/**
 * Security settings: the overview, the anti-phishing phrase, and an operator's freeze. Two-factor setup
 * is two-factor-setup.ts, sessions and login history sessions.ts.
 */
import { ANTI_PHISHING_PATTERN, type SecurityOverview } from '@oryx/contracts/security/calls';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { requireSecondFactor } from '../auth/two-factor';
import { securityRepo, upsertSecurity } from './repo';

export async function overview(ctx: AppContext, userId: number): Promise<SecurityOverview> {
  const row = await securityRepo.security(ctx.db, userId);
  const on = !!row?.totp_secret && row.totp_enabled_at !== null;
  const left = on ? await securityRepo.recoveryCodesLeft(ctx.db, userId) : 0;
  return { two_factor: on, recovery_left: left, anti_phishing: row?.anti_phishing ?? '' };
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
