/**
 * Account settings: centre, transaction password, e-mail binding, bank, payment details,
 * nickname and authorization code. Every function acts on the session's own user id only.
 */
import { translate } from '@oryx/i18n';
import { BANKS, OTHER_BANK_CODE, bankName } from '@oryx/contracts/banks';
import {
  BankForm,
  BindEmailForm,
  CashForm,
  SetAccountForm,
  TradePasswordForm,
} from '@oryx/contracts/auth/forms';
import type { UserBank, UserCenter, CashInfo } from '@oryx/contracts/account/calls';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { randomCode } from '../../lib/random';
import { parseForm } from '../../lib/form';
import { hashPassword } from '../auth/password';
import { checkPassword, loginSubjectOf } from '../auth/throttle';
import { isUniqueViolation } from '../../db/transaction';
import { verifyCode } from '../codes/service';
import { emailKey, ownDestinationKeys } from '../codes/destination';
import { ownUploadUrl, signedUploadUrl } from '../uploads/service';
import { requireSecondFactor } from '../auth/two-factor';
import { usersRepo } from '../users/repo';
import { findUserBank, hasTradePassword } from './guards';

const userById = (ctx: AppContext, userId: number) => usersRepo.byIdOrThrow(ctx.db, userId);

/** The session's own user as `/api/user/info` shows it; a user deleted under a live session is logged out. */
export async function userInfo(ctx: AppContext, userId: number) {
  const u = await usersRepo.byId(ctx.db, userId);
  if (!u) throw new AppError('AUTH_EXPIRED');
  return {
    id: u.id,
    extension_code: u.extension_code,
    is_seller: u.is_seller,
    type: u.type,
    email: u.email ?? '',
    phone: u.phone ?? '',
    account_number: u.account_number,
    area_code: u.area_code,
    area_code_id: u.area_code_id,
    review_status: u.review_status,
    lang: u.lang,
    role: u.role,
  };
}

const maskCard = (card: string) =>
  card.length <= 4 ? card : `${'*'.repeat(card.length - 4)}${card.slice(-4)}`;

export async function userCenter(ctx: AppContext, userId: number): Promise<UserCenter> {
  const u = await userById(ctx, userId);
  const last = await ctx.db
    .selectFrom('kyc_submissions')
    .select(['status', 'reason', 'card_id'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    id: u.id,
    account_number: u.account_number,
    nickname: u.nickname,
    phone: u.phone ?? '',
    email: u.email ?? '',
    area_code: u.area_code,
    review_status: u.review_status,
    reject_reason: last?.status === 3 ? last.reason : '',
    real_name: u.review_status === 2 ? u.real_name : '',
    card_id: last ? maskCard(last.card_id) : '',
    has_trade_password: u.trade_password_hash ? 1 : 0,
    has_bank: (await findUserBank(ctx, userId)) ? 1 : 0,
    has_payment: (await ctx.db
      .selectFrom('user_cash_info')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst())
      ? 1
      : 0,
  };
}

export async function judgePassword(ctx: AppContext, userId: number, locale: string): Promise<string> {
  if (!(await hasTradePassword(ctx, userId))) throw new AppError('TRADE_PASSWORD_NOT_SET');
  return translate(locale, 'auth.bindmpwd.isSet');
}

/** Set or change the transaction password; the code must have gone to the user's own phone or e-mail. */
export async function updateTradePassword(
  ctx: AppContext,
  userId: number,
  input: { password: string; re_password: string; code: string; totp_code?: string },
  locale: string,
): Promise<string> {
  const form = parseForm(TradePasswordForm, input);
  const u = await userById(ctx, userId);
  await requireSecondFactor(ctx, userId, input.totp_code);
  await verifyCode(ctx, {
    destinations: ownDestinationKeys(u),
    scenes: ['forget', 'safe'],
    code: form.code,
    consume: true,
  });
  await usersRepo.update(
    ctx.db,
    userId,
    { trade_password_hash: await hashPassword(form.password) },
    ctx.clock.now(),
  );
  return translate(locale, 'auth.bindmpwd.success');
}

export async function bindEmail(
  ctx: AppContext,
  userId: number,
  input: { email: string; code: string; totp_code?: string },
  locale: string,
): Promise<string> {
  const form = parseForm(BindEmailForm, input);
  const email = emailKey(form.email);
  await requireSecondFactor(ctx, userId, input.totp_code);
  await verifyCode(ctx, { destinations: [email], scenes: ['bind'], code: form.code, consume: true });
  try {
    await usersRepo.update(ctx.db, userId, { email }, ctx.clock.now());
  } catch (err) {
    // Taken by another account after the code was sent (a taken address gets a notice, not a code).
    if (isUniqueViolation(err)) throw new AppError('CODE_INVALID');
    throw err;
  }
  return translate(locale, 'auth.email.success');
}

export async function authorizationCode(ctx: AppContext, userId: number): Promise<string> {
  const u = await userById(ctx, userId);
  if (u.authorization_code) return u.authorization_code;
  const code = randomCode(12);
  await usersRepo.setAuthorizationCodeOnce(ctx.db, userId, code);
  return (await userById(ctx, userId)).authorization_code ?? code;
}

export async function setAccount(
  ctx: AppContext,
  userId: number,
  input: { account: string; password: string; repassword: string },
  facts: { locale: string; ip: string },
): Promise<string> {
  const { locale } = facts;
  const form = parseForm(SetAccountForm, input);
  const u = await userById(ctx, userId);
  // The login password, so the login counters: a stolen session must not become a way to guess it.
  if (!(await checkPassword(ctx, loginSubjectOf(u, facts.ip), form.password, u.password_hash))) {
    throw new AppError('AUTH_OLD_PASSWORD_WRONG');
  }
  await usersRepo.update(ctx.db, userId, { nickname: form.account }, ctx.clock.now());
  return translate(locale, 'auth.common.saved');
}

export function bankList(locale: string) {
  return [
    ...BANKS.map((b) => ({ code: b.code, name: b.name })),
    { code: OTHER_BANK_CODE, name: translate(locale, 'auth.bank.other') },
  ];
}

export async function userBank(ctx: AppContext, userId: number): Promise<UserBank> {
  const b = await findUserBank(ctx, userId);
  return b
    ? {
        receive_name: b.receive_name,
        receive_account: b.receive_account,
        bank_code: b.bank_code,
        bank_name: b.bank_name,
      }
    : { receive_name: '', receive_account: '', bank_code: '', bank_name: '' };
}

export async function addBank(
  ctx: AppContext,
  userId: number,
  input: { receive_name: string; bank_code: string; bank_name: string; receive_account: string },
  locale: string,
): Promise<string> {
  const form = parseForm(BankForm, input);
  const name =
    form.bank_code === OTHER_BANK_CODE ? form.bank_name : (bankName(form.bank_code) ?? form.bank_code);
  const now = ctx.clock.now();
  const values = {
    receive_name: form.receive_name,
    receive_account: form.receive_account,
    bank_code: form.bank_code,
    bank_name: name,
    updated_at: now,
  };
  const updated = await ctx.db
    .updateTable('user_banks')
    .set(values)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await ctx.db
      .insertInto('user_banks')
      .values({ user_id: userId, ...values, created_at: now })
      .execute();
  }
  return translate(locale, 'auth.common.saved');
}

const EMPTY_CASH: CashInfo = {
  real_name: '',
  bank_name: '',
  bank_account: '',
  alipay_account: '',
  wechat_nickname: '',
  wechat_account: '',
  alipay_collect: '',
  wechat_collect: '',
};

export async function cashInfo(ctx: AppContext, userId: number): Promise<CashInfo> {
  const row = await ctx.db
    .selectFrom('user_cash_info')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return EMPTY_CASH;
  const { user_id: _u, updated_at: _t, ...info } = row;
  // The QR codes are private uploads: the owner's page shows them through short-lived signed URLs.
  return {
    ...info,
    alipay_collect: await signedUploadUrl(ctx, info.alipay_collect),
    wechat_collect: await signedUploadUrl(ctx, info.wechat_collect),
  };
}

export async function cashSave(
  ctx: AppContext,
  userId: number,
  input: CashInfo,
  locale: string,
): Promise<string> {
  const form = parseForm(CashForm, input);
  const alipay = await ownUploadUrl(ctx, userId, form.alipay_collect);
  const wechat = await ownUploadUrl(ctx, userId, form.wechat_collect);
  if (!alipay || !wechat) throw new AppError('CASH_QR_INVALID');
  const values = { ...form, alipay_collect: alipay, wechat_collect: wechat, updated_at: ctx.clock.now() };
  const updated = await ctx.db
    .updateTable('user_cash_info')
    .set(values)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await ctx.db
      .insertInto('user_cash_info')
      .values({ user_id: userId, ...values })
      .execute();
  }
  return translate(locale, 'auth.common.saved');
}
