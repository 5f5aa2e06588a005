/**
 * Registration, login, password reset and change. No Fastify types: routes pass in the
 * parsed input and the request facts (address, user agent, locale, session).
 */
import { noticeAccountChange, noticeIfNewDevice } from '../notifications/security';
import { translate } from '@oryx/i18n';
import { areaCodeId, countriesByAreaCode, countryByNameOrIso } from '@oryx/contracts/countries';
import { ChangePasswordForm, ForgetForm, RegisterForm, loginForm } from '@oryx/contracts/auth/forms';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { randomCode } from '../../lib/random';
import { isUniqueViolation } from '../../db/transaction';
import type { SessionUser } from '../../lib/session';
import type { SessionService } from './session-service';
import { hashPassword } from './password';
import { parseForm } from '../../lib/form';
import { isSmsAvailable } from '../../lib/sms-config';
import { checkPassword, clearLoginFailures, isAccountPaused, loginSubjectOf } from './throttle';
import { verifyCode } from '../codes/service';
import { isTwoFactorOn, requireSecondFactor } from './two-factor';
import { usersRepo } from '../users/repo';
import {
  accountDestination,
  emailDestination,
  findUserByDestination,
  ownDestinationKeys,
  phoneDestination,
  resolveAreaCode,
  type Destination,
} from '../codes/destination';

export interface RequestFacts {
  ip: string;
  userAgent: string;
  locale: string;
  session: SessionUser | null;
}

/** A phone account's code could not have reached it without an SMS adapter: refused as such. */
function refuseWithoutSms(ctx: AppContext, dest: { channel: 'sms' | 'email' }): void {
  if (dest.channel === 'sms' && !isSmsAvailable(ctx.env)) throw new AppError('SMS_UNAVAILABLE');
}

export async function register(
  ctx: AppContext,
  sessions: SessionService,
  input: {
    type: 'mobile' | 'email';
    user_string: string;
    code: string;
    password: string;
    re_password: string;
    extension_code: string;
    area_code: string;
    nationality: string;
  },
  facts: RequestFacts,
): Promise<{ type: 'ok'; message: string; token: string; id: number }> {
  const form = parseForm(RegisterForm, input);
  const areaCode = resolveAreaCode(input.area_code);
  const inviterId = await usersRepo.idByExtensionCode(ctx.db, form.extension_code.toUpperCase());
  if (inviterId === undefined) throw new AppError('AUTH_INVITE_INVALID');
  const dest =
    form.type === 'email' ? emailDestination(form.user_string) : phoneDestination(form.user_string, areaCode);
  refuseWithoutSms(ctx, dest);
  await verifyCode(ctx, { destinations: [dest.key], scenes: ['register'], code: form.code, consume: true });

  const nationality =
    countryByNameOrIso(input.nationality)?.name_en ?? countriesByAreaCode(areaCode)[0]?.name_en ?? '';
  const passwordHash = await hashPassword(form.password, ctx.env.PASSWORD_HASH_LOG2N);
  const now = ctx.clock.now();
  let userId: number;
  for (let attempt = 0; ; attempt++) {
    try {
      userId = await usersRepo.insertUser(ctx.db, {
        email: dest.channel === 'email' ? dest.email : null,
        phone: dest.channel === 'sms' ? dest.phone : null,
        areaCode,
        areaCodeId: areaCodeId(areaCode),
        nationality,
        passwordHash,
        extensionCode: randomCode(8),
        parentId: inviterId,
        accountNumber: dest.channel === 'email' ? dest.email : dest.phone,
        lang: facts.locale,
        now,
      });
      break;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Either our random invite code collided (try another) or the account was registered meanwhile.
      if (await findUserByDestination(ctx.db, dest)) throw new AppError('AUTH_ACCOUNT_UNAVAILABLE');
      if (attempt >= 4) throw err;
    }
  }
  // The new user is logged in: the reply carries a session like a login's.
  const token = await sessions.create(userId, { ip: facts.ip, userAgent: facts.userAgent });
  return { type: 'ok', message: translate(facts.locale, 'auth.register.welcome'), token, id: userId };
}

export async function login(
  ctx: AppContext,
  sessions: SessionService,
  input: { user_string: string; password: string; sms_code: string; area_code: string; totp_code?: string },
  facts: RequestFacts,
): Promise<{ type: 'ok'; message: string; id: number }> {
  const form = parseForm(loginForm(ctx.env.LOGIN_NEED_SMSCODE), input);
  const dest = accountDestination(form.user_string, input.area_code);
  if (dest && ctx.env.LOGIN_NEED_SMSCODE) refuseWithoutSms(ctx, dest);
  // What the lock is keyed on: the normalized account as typed (known or not).
  const account = dest?.key ?? form.user_string.toLowerCase();
  const user = dest ? await findUserByDestination(ctx.db, dest) : undefined;
  const subject = { kind: 'login' as const, account, userId: user?.id ?? null, ip: facts.ip };
  // Others' wrong passwords may have paused the account's password checks everywhere; its owner still
  // gets in by proving a second factor first (so the pause never becomes a way to test passwords).
  const proof = (await isAccountPaused(ctx, subject))
    ? await proveOwnerDuringPause(ctx, { dest, userId: user?.id ?? null }, input)
    : 'none';
  const ok = await checkPassword(ctx, subject, form.password, user?.password_hash, {
    isSecondFactorProven: proof !== 'none',
  });
  if (!user || !ok) throw new AppError('AUTH_LOGIN_FAILED');
  if (await usersRepo.loginFrozen(ctx.db, user.id)) throw new AppError('ACCOUNT_LOGIN_FROZEN');
  const spendLoginCode = () =>
    verifyCode(ctx, {
      destinations: [dest!.key],
      scenes: ['login'],
      code: form.sms_code ?? '',
      consume: true,
    });
  if (ctx.env.LOGIN_NEED_SMSCODE && proof !== 'code') await spendLoginCode();
  // Only after the password: whether an account is frozen or has two-factor is the owner's business.
  if (proof !== 'totp') await requireSecondFactor(ctx, user.id, input.totp_code);
  // The pause's proof, checked before the password, is spent last: asked for two-factor, the owner
  // sends the same code again with it.
  if (proof === 'code') await spendLoginCode();
  await noticeIfNewDevice(ctx, user.id, facts);
  const token = await sessions.create(user.id, { ip: facts.ip, userAgent: facts.userAgent });
  return { type: 'ok', message: token, id: user.id };
}

/**
 * While the account's password checks are paused: a login code sent to the account (`sms_code`,
 * checked here, spent after the password) or the authenticator's code (`totp_code`, spent here) proves
 * the owner. Without either the pause refuses as before (AUTH_ACCOUNT_LOCKED, from checkPassword). The
 * same refusals whether or not the account exists or has two-factor.
 */
async function proveOwnerDuringPause(
  ctx: AppContext,
  a: { dest: Destination | null; userId: number | null },
  input: { sms_code: string; totp_code?: string },
): Promise<'code' | 'totp' | 'none'> {
  if (input.sms_code.trim() !== '') {
    await verifyCode(ctx, {
      destinations: a.dest ? [a.dest.key] : [],
      scenes: ['login'],
      code: input.sms_code,
      consume: false,
    });
    return 'code';
  }
  if ((input.totp_code ?? '').trim() !== '') {
    if (a.userId === null || !(await isTwoFactorOn(ctx, a.userId))) throw new AppError('TWO_FACTOR_INVALID');
    await requireSecondFactor(ctx, a.userId, input.totp_code);
    return 'totp';
  }
  return 'none';
}

/**
 * Forgot password (and reset from settings): a `forget` code sent to the account proves it (a code
 * issued for anything else, the transaction password included, is refused); every session ends.
 */
export async function forget(
  ctx: AppContext,
  sessions: SessionService,
  input: {
    account: string;
    user_string: string;
    password: string;
    repassword: string;
    code: string;
    area_code: string;
  },
  facts: RequestFacts,
): Promise<string> {
  const form = parseForm(ForgetForm, { ...input, account: input.account || input.user_string });
  const sessionUser = facts.session ? await usersRepo.byId(ctx.db, facts.session.userId) : undefined;
  const dest = accountDestination(form.account, input.area_code, sessionUser?.area_code);
  if (!dest) throw new AppError('CODE_INVALID');
  refuseWithoutSms(ctx, dest);
  await verifyCode(ctx, {
    destinations: [dest.key],
    scenes: ['forget'],
    code: form.code,
    consume: true,
  });
  const user = await findUserByDestination(ctx.db, dest);
  // No account means no code was ever issued for it, so the check above already failed; kept for safety.
  if (!user) throw new AppError('CODE_INVALID');
  await usersRepo.update(
    ctx.db,
    user.id,
    { password_hash: await hashPassword(form.password, ctx.env.PASSWORD_HASH_LOG2N) },
    ctx.clock.now(),
  );
  await sessions.revokeAllForUser(user.id);
  await noticeAccountChange(ctx, user.id, 'security.password_changed');
  await clearLoginFailures(ctx, [dest.key, ...ownDestinationKeys(user)], user.id);
  return translate(facts.locale, 'auth.forget.success');
}

/** /resetPwd: change the login password with the current one; every session ends (log in again). */
export async function changePassword(
  ctx: AppContext,
  sessions: SessionService,
  userId: number,
  input: { old_password: string; password: string; re_password: string; totp_code?: string },
  facts: RequestFacts,
): Promise<string> {
  const form = parseForm(ChangePasswordForm, input);
  const user = await usersRepo.byIdOrThrow(ctx.db, userId);
  // A stolen session must not become a way to guess the password: the same counters as login.
  const subject = loginSubjectOf(user, facts.ip);
  if (!(await checkPassword(ctx, subject, form.old_password, user.password_hash))) {
    throw new AppError('AUTH_OLD_PASSWORD_WRONG');
  }
  await requireSecondFactor(ctx, userId, input.totp_code);
  await usersRepo.update(
    ctx.db,
    userId,
    { password_hash: await hashPassword(form.password, ctx.env.PASSWORD_HASH_LOG2N) },
    ctx.clock.now(),
  );
  await sessions.revokeAllForUser(userId);
  await noticeAccountChange(ctx, userId, 'security.password_changed');
  return translate(facts.locale, 'auth.forget.success');
}
