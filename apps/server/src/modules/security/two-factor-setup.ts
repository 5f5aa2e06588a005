/**
 * Turning two-factor on and off (the checks themselves are auth/two-factor.ts). Setup stores a new secret
 * that is not yet required; confirming it with a current code turns it on and answers 10 recovery codes,
 * shown once. Turning it on or off also needs the login password (account/step-up.ts); turning it off or
 * replacing the recovery codes needs a current code.
 */
import { noticeAccountChange } from '../notifications/security';
import { generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { RecoveryCodes, TwoFactorSetup } from '@oryx/contracts/security/calls';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import {
  newTotpSecret,
  replaceRecoveryCodes,
  requireSecondFactor,
  spendCode,
  twoFactorRow,
} from '../auth/two-factor';
import { requireStepUp } from '../account/step-up';
import { upsertSecurity, securityRepo } from './repo';
import { usersRepo } from '../users/repo';

export const TOTP_ISSUER = 'Oryx';

export async function startTwoFactor(ctx: AppContext, userId: number): Promise<TwoFactorSetup> {
  const row = await twoFactorRow(ctx.db, userId);
  if (row?.totp_secret && row.totp_enabled_at !== null) throw new AppError('TWO_FACTOR_ENABLED');
  const user = await usersRepo.byIdOrThrow(ctx.db, userId);
  const secret = newTotpSecret();
  await upsertSecurity(ctx, userId, { totp_secret: secret, totp_enabled_at: null, totp_last_step: 0 });
  const uri = generateURI({ issuer: TOTP_ISSUER, label: user.account_number, secret });
  const qr = await QRCode.toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
  return { secret, uri, qr };
}

/** What turning two-factor on or off needs besides the code: the login password (a session is not enough). */
export interface PasswordProof {
  password: string;
  ip: string;
}

export async function confirmTwoFactor(
  ctx: AppContext,
  userId: number,
  code: string,
  proof: PasswordProof,
): Promise<RecoveryCodes> {
  const row = await twoFactorRow(ctx.db, userId);
  if (!row?.totp_secret) throw new AppError('TWO_FACTOR_NOT_STARTED');
  if (row.totp_enabled_at !== null) throw new AppError('TWO_FACTOR_ENABLED');
  // A stolen session must not be able to lock the owner out behind an authenticator it holds.
  await requireStepUp(ctx, userId, { ...proof, totp_code: '' }, { secondFactor: false });
  await spendCode(ctx, userId, row.totp_secret, code, { recovery: false });
  // Only from "set up, not on": a second confirmation meanwhile changes nothing.
  if (!(await securityRepo.enableTwoFactor(ctx.db, userId, row.totp_secret, ctx.clock.now())))
    throw new AppError('TWO_FACTOR_ENABLED');
  await noticeAccountChange(ctx, userId, 'security.two_factor_on');
  return { recovery_codes: await replaceRecoveryCodes(ctx, userId) };
}

export async function disableTwoFactor(
  ctx: AppContext,
  userId: number,
  code: string,
  proof: PasswordProof,
): Promise<void> {
  if (!(await isOn(ctx, userId))) return;
  await requireStepUp(ctx, userId, { ...proof, totp_code: code });
  await upsertSecurity(ctx, userId, { totp_secret: null, totp_enabled_at: null });
  await securityRepo.deleteRecoveryCodes(ctx.db, userId);
  await noticeAccountChange(ctx, userId, 'security.two_factor_off');
}

export async function newRecoveryCodes(
  ctx: AppContext,
  userId: number,
  code: string,
): Promise<RecoveryCodes> {
  if (!(await isOn(ctx, userId))) throw new AppError('TWO_FACTOR_NOT_STARTED');
  await requireSecondFactor(ctx, userId, code);
  return { recovery_codes: await replaceRecoveryCodes(ctx, userId) };
}

async function isOn(ctx: AppContext, userId: number) {
  const row = await twoFactorRow(ctx.db, userId);
  return !!row?.totp_secret && row.totp_enabled_at !== null;
}
