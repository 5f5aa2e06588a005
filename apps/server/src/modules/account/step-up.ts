/**
 * Step-up for security changes: a session alone must not be enough to lock the owner out or to send
 * their money elsewhere, so turning two-factor on or off, changing the e-mail address, binding a bank
 * card or payment details (and creating anything that acts for the user) also need the login password
 * and, when two-factor is on, a current code. Other areas (modules/security) call it too:
 *
 *   await requireStepUp(ctx, userId, { password: input.password, totp_code: input.totp_code, ip });
 *
 * The password is checked under the login counters (auth/throttle.ts), so a stolen session cannot
 * become a way to guess it. Call it after the action's own input checks, before spending a mailed code
 * (a refused step-up leaves that code usable) and before any write.
 */
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { checkPassword, loginSubjectOf } from '../auth/throttle';
import { requireSecondFactor } from '../auth/two-factor';
import { usersRepo } from '../users/repo';

export interface StepUpInput {
  /** The login password. */
  password: string;
  /** With two-factor on: the authenticator's code or a recovery code. */
  totp_code?: string;
  /** The client's address, for the login counters. */
  ip: string;
}

/**
 * STEP_UP_PASSWORD_REQUIRED without a password, STEP_UP_PASSWORD_WRONG (or the login lock's code) when
 * wrong, then TWO_FACTOR_REQUIRED / TWO_FACTOR_INVALID when two-factor is on and the code is missing or
 * wrong. `secondFactor: false` checks the password only (the caller checks a code itself: turning
 * two-factor on or off).
 */
export async function requireStepUp(
  ctx: AppContext,
  userId: number,
  input: StepUpInput,
  opts: { secondFactor?: boolean } = {},
): Promise<void> {
  if (input.password === '') throw new AppError('STEP_UP_PASSWORD_REQUIRED');
  const user = await usersRepo.byIdOrThrow(ctx.db, userId);
  const subject = loginSubjectOf(user, input.ip);
  if (!(await checkPassword(ctx, subject, input.password, user.password_hash))) {
    throw new AppError('STEP_UP_PASSWORD_WRONG');
  }
  if (opts.secondFactor !== false) await requireSecondFactor(ctx, userId, input.totp_code);
}
