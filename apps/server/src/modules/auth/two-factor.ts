/**
 * Two-factor authentication (TOTP, RFC 6238, through otplib) and its one-time recovery codes. The one
 * function other areas call is `requireSecondFactor`: nothing when the user has two-factor off, else a
 * code must come with the request and is spent. Used by login (every login path), the security settings
 * (modules/security), the login and transaction password changes, withdrawals and withdrawal-address
 * binding (modules/funding).
 *
 * - A TOTP code is good for its 30-second step and one step either side (clock drift), and once: the
 *   step it matched is stored with a conditional UPDATE (`totp_last_step < step`), so a code replayed,
 *   or sent twice at once, passes once on any number of processes; the repeat is refused but not
 *   counted as a wrong code (a double-submitted login burns no attempts).
 * - Recovery codes (10, `XXXXX-XXXXX`) are stored as sha256 and each spent by a conditional UPDATE.
 * - Wrong codes count on `2fa:<user id>` (auth/throttle.ts): 5 lock codes for 15 minutes.
 */
import { generate, generateSecret, verify } from 'otplib';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { randomCode, sha256 } from '../../lib/random';
import { checkSecondFactor, type CheckAnswer } from './throttle';
import { authRepo } from './repo';

export const TOTP_PERIOD_S = 30;
/** One step either side of now. */
const TOLERANCE_S = 30;
export const RECOVERY_CODE_COUNT = 10;

/** The user's security row (two-factor, freeze), if there is one. */
export function twoFactorRow(db: Db, userId: number) {
  return authRepo.twoFactorRow(db, userId);
}

export async function isTwoFactorOn(ctx: AppContext, userId: number): Promise<boolean> {
  const row = await twoFactorRow(ctx.db, userId);
  return !!row?.totp_secret && row.totp_enabled_at !== null;
}

export const newTotpSecret = (): string => generateSecret();

/** The current code of a secret (tests and the sandbox tooling; users' authenticators compute their own). */
export const totpNow = (secret: string, nowMs: number): Promise<string> =>
  generate({ secret, epoch: Math.floor(nowMs / 1000) });

/**
 * Spends a TOTP code: `right` when it matches a step after the last one used and this call stored that
 * step (a concurrent use of the same code loses the conditional update); `repeat` when it is a right
 * code whose step was already used (the same form sent twice: no guess, so not counted); else `wrong`.
 */
export async function spendTotp(
  ctx: AppContext,
  userId: number,
  secret: string,
  code: string,
): Promise<CheckAnswer> {
  if (!/^\d{6}$/.test(code)) return 'wrong';
  const row = await twoFactorRow(ctx.db, userId);
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(ctx.clock.now() / 1000),
    epochTolerance: TOLERANCE_S,
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return 'wrong';
  if (result.timeStep <= Number(row?.totp_last_step ?? 0)) return 'repeat';
  return (await authRepo.useTimeStep(ctx.db, userId, result.timeStep)) ? 'right' : 'repeat';
}

const normalizeRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** `repeat` for a recovery code of the user's that was already used (a request sent twice). */
async function spendRecoveryCode(ctx: AppContext, userId: number, code: string): Promise<CheckAnswer> {
  const plain = normalizeRecovery(code);
  if (plain.length !== 10) return 'wrong';
  if (await authRepo.spendRecoveryCode(ctx.db, userId, sha256(plain), ctx.clock.now())) return 'right';
  return (await authRepo.hasRecoveryCode(ctx.db, userId, sha256(plain))) ? 'repeat' : 'wrong';
}

/** New recovery codes (the old ones go); answers them in plain, the only time they are shown. */
export async function replaceRecoveryCodes(ctx: AppContext, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => randomCode(10));
  const now = ctx.clock.now();
  await ctx.db.transaction().execute((trx) =>
    authRepo.replaceRecoveryCodes(
      trx,
      userId,
      codes.map((c) => sha256(c)),
      now,
    ),
  );
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/**
 * Checks a code against `secret` (or, with `recovery`, the user's recovery codes) under the `2fa:` lock;
 * TWO_FACTOR_INVALID when wrong (TWO_FACTOR_LOCKED once too many were).
 */
export async function spendCode(
  ctx: AppContext,
  userId: number,
  secret: string,
  code: string,
  opts: { recovery: boolean },
): Promise<void> {
  const c = code.trim();
  const answer = await checkSecondFactor(ctx, userId, async () => {
    if (/^\d{6}$/.test(c)) return spendTotp(ctx, userId, secret, c);
    return opts.recovery ? spendRecoveryCode(ctx, userId, c) : 'wrong';
  });
  if (answer !== 'right') throw new AppError('TWO_FACTOR_INVALID');
}

/**
 * THE check for every action two-factor protects. Returns at once when the user has two-factor off;
 * otherwise `code` (the authenticator's 6 digits or a recovery code) is required (TWO_FACTOR_REQUIRED)
 * and spent, or the action is refused (TWO_FACTOR_INVALID, TWO_FACTOR_LOCKED).
 */
export async function requireSecondFactor(
  ctx: AppContext,
  userId: number,
  code: string | undefined,
): Promise<void> {
  const row = await twoFactorRow(ctx.db, userId);
  if (!row?.totp_secret || row.totp_enabled_at === null) return;
  if (!code || code.trim() === '') throw new AppError('TWO_FACTOR_REQUIRED');
  await spendCode(ctx, userId, row.totp_secret, code, { recovery: true });
}
