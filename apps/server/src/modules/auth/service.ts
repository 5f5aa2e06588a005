/**
 * Registration, login, password reset and change. No Fastify types: routes pass in the
 * parsed input and the request facts (address, user agent, locale, session).
 */
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
import { checkPassword, clearLoginFailures, loginSubjectOf } from './throttle';
import { verifyCode } from '../codes/service';
import { requireSecondFactor } from './two-factor';
import { usersRepo } from '../users/repo';
import {
  accountDestination,
  emailDestination,
  findUserByDestination,
  ownDestinationKeys,
  phoneDestination,
  resolveAreaCode,
} from '../codes/destination';

export interface RequestFacts {
  ip: string;
  userAgent: string;
  locale: string;
  session: SessionUser | null;
}

export async function register(
  ctx: AppContext,
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
): Promise<string> {
  const form = parseForm(RegisterForm, input);
  const areaCode = resolveAreaCode(input.area_code);
  const inviterId = await usersRepo.idByExtensionCode(ctx.db, form.extension_code.toUpperCase());
  if (inviterId === undefined) throw new AppError('AUTH_INVITE_INVALID');
  const dest =
    form.type === 'email' ? emailDestination(form.user_string) : phoneDestination(form.user_string, areaCode);
  await verifyCode(ctx, { destinations: [dest.key], scenes: ['register'], code: form.code, consume: true });

  const nationality =
    countryByNameOrIso(input.nationality)?.name_en ?? countriesByAreaCode(areaCode)[0]?.name_en ?? '';
  const passwordHash = await hashPassword(form.password);
  const now = ctx.clock.now();
  for (let attempt = 0; ; attempt++) {
    try {
      await usersRepo.insertUser(ctx.db, {
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
  return translate(facts.locale, 'auth.register.success');
}

export async function login(
  ctx: AppContext,
  sessions: SessionService,
  input: { user_string: string; password: string; sms_code: string; area_code: string; totp_code?: string },
  facts: RequestFacts,
): Promise<{ type: 'ok'; message: string; id: number }> {
  const form = parseForm(loginForm(ctx.env.LOGIN_NEED_SMSCODE), input);
  const dest = accountDestination(form.user_string, input.area_code);
  // What the lock is keyed on: the normalized account as typed (known or not).
  const account = dest?.key ?? form.user_string.toLowerCase();
  const user = dest ? await findUserByDestination(ctx.db, dest) : undefined;
  const subject = { kind: 'login' as const, account, userId: user?.id ?? null, ip: facts.ip };
  const ok = await checkPassword(ctx, subject, form.password, user?.password_hash);
  if (!user || !ok) throw new AppError('AUTH_LOGIN_FAILED');
  if (await usersRepo.loginFrozen(ctx.db, user.id)) throw new AppError('ACCOUNT_LOGIN_FROZEN');
  if (ctx.env.LOGIN_NEED_SMSCODE) {
    await verifyCode(ctx, {
      destinations: [dest!.key],
      scenes: ['login'],
      code: form.sms_code ?? '',
      consume: true,
    });
  }
  // Only after the password: whether an account is frozen or has two-factor is the owner's business.
  await requireSecondFactor(ctx, user.id, input.totp_code);
  const token = await sessions.create(user.id, { ip: facts.ip, userAgent: facts.userAgent });
  return { type: 'ok', message: token, id: user.id };
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
    { password_hash: await hashPassword(form.password) },
    ctx.clock.now(),
  );
  await sessions.revokeAllForUser(user.id);
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
    { password_hash: await hashPassword(form.password) },
    ctx.clock.now(),
  );
  await sessions.revokeAllForUser(userId);
  return translate(facts.locale, 'auth.forget.success');
}
