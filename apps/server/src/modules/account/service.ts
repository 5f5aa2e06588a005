/**
 * Account settings: centre, transaction password, e-mail binding, bank, payment details,
 * nickname and authorization code. Every function acts on the session's own user id only.
 */
import { translate } from '@oryx/i18n';
import { OTHER_BANK_CODE, bankName } from '@oryx/contracts/banks';
import { banksOfCountry, listedBankName } from '@oryx/contracts/bank-regions';
import { countriesByAreaCode, countryByNameOrIso } from '@oryx/contracts/countries';
import {
  BankForm,
  BindEmailForm,
  CashForm,
  SetAccountForm,
  TradePasswordForm,
} from '@oryx/contracts/auth/forms';
import type { UserBank, UserCenter, CashInfo, CashInfoReply } from '@oryx/contracts/account/calls';
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
import { formatExchangeTime } from '@oryx/contracts/time';
import { usersRepo } from '../users/repo';
import { hasTradePassword } from './guards';
import { bindBankCard, latestBankCard, latestPaymentDetails, savePaymentDetails } from './payment-details';
import { requireStepUp } from './step-up';
import { kycRepo } from '../kyc/repo';

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
  const last = await kycRepo.latestOf(ctx.db, userId);
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
    // Bound, whether in effect yet or still in its cool-off (the pages say which).
    has_bank: (await latestBankCard(ctx, userId)) ? 1 : 0,
    has_payment: (await latestPaymentDetails(ctx, userId)) ? 1 : 0,
  };
}

export async function judgePassword(ctx: AppContext, userId: number, locale: string): Promise<string> {
  if (!(await hasTradePassword(ctx, userId))) throw new AppError('TRADE_PASSWORD_NOT_SET');
  return translate(locale, 'auth.bindmpwd.isSet');
}

/**
 * Set or change the transaction password; the code must be a `trade_password` code sent to the user's
 * own phone or e-mail (a password-reset code, or any other purpose's, is refused).
 */
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
    scenes: ['trade_password'],
    code: form.code,
    consume: true,
  });
  await usersRepo.update(
    ctx.db,
    userId,
    { trade_password_hash: await hashPassword(form.password, ctx.env.PASSWORD_HASH_LOG2N) },
    ctx.clock.now(),
  );
  return translate(locale, 'auth.bindmpwd.success');
}

/**
 * Bind or change the e-mail address: a `bind` code sent to the new address, and the step-up (login
 * password, two-factor code when on), since the address decides where password-reset codes go.
 */
export async function bindEmail(
  ctx: AppContext,
  userId: number,
  input: { email: string; code: string; password: string; totp_code?: string },
  facts: { locale: string; ip: string },
): Promise<string> {
  const { locale } = facts;
  const form = parseForm(BindEmailForm, input);
  const email = emailKey(form.email);
  await requireStepUp(ctx, userId, { password: input.password, totp_code: input.totp_code, ip: facts.ip });
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

/** The caller's country (ISO): the nationality given at sign-up, else the area code's first country. */
async function countryOfUser(ctx: AppContext, userId: number): Promise<string | undefined> {
  const u = await usersRepo.byId(ctx.db, userId);
  if (!u) return undefined;
  const byName = u.nationality ? countryByNameOrIso(u.nationality) : undefined;
  return byName?.iso ?? (u.area_code ? countriesByAreaCode(u.area_code)[0]?.iso : undefined);
}

/** The banks of a country (the one asked for, else the caller's), "other" last. */
export async function bankList(
  ctx: AppContext,
  userId: number | null,
  input: { country?: string | undefined },
  locale: string,
) {
  const country = input.country || (userId === null ? undefined : await countryOfUser(ctx, userId));
  return [
    ...banksOfCountry(country).map((b) => ({ code: b.code, name: b.name })),
    { code: OTHER_BANK_CODE, name: translate(locale, 'auth.bank.other') },
  ];
}

export async function userBank(ctx: AppContext, userId: number): Promise<UserBank> {
  return (
    (await latestBankCard(ctx, userId)) ?? {
      receive_name: '',
      receive_account: '',
      bank_code: '',
      bank_name: '',
      usable_at: 0,
    }
  );
}

/** The code, password and two-factor code a payment-details binding comes with. */
interface StepUpProof {
  code: string;
  password: string;
  totp_code?: string;
}

/**
 * The rules of binding where money goes, as for a withdrawal address: the form is checked first, then
 * the step-up (login password, two-factor code when on), then a code of `purpose` sent to the user's
 * own phone or e-mail is checked and spent. A refusal changes nothing and, before the code's own check,
 * leaves the code usable.
 */
async function proveBinding(
  ctx: AppContext,
  userId: number,
  purpose: 'bank' | 'payment',
  proof: StepUpProof,
  ip: string,
): Promise<void> {
  if (proof.code.trim() === '') throw new AppError('AUTH_CODE_REQUIRED');
  await requireStepUp(ctx, userId, { password: proof.password, totp_code: proof.totp_code, ip });
  const u = await userById(ctx, userId);
  await verifyCode(ctx, {
    destinations: ownDestinationKeys(u),
    scenes: [purpose],
    code: proof.code,
    consume: true,
  });
}

/** Binds (or replaces) the rupiah payout card; it receives payouts after the cool-off (payment-details.ts). */
export async function addBank(
  ctx: AppContext,
  userId: number,
  input: {
    receive_name: string;
    bank_code: string;
    bank_name: string;
    receive_account: string;
  } & StepUpProof,
  facts: { locale: string; ip: string },
): Promise<string> {
  const form = parseForm(BankForm, input);
  const name =
    form.bank_code === OTHER_BANK_CODE
      ? form.bank_name
      : (bankName(form.bank_code) ?? listedBankName(form.bank_code) ?? form.bank_code);
  await proveBinding(ctx, userId, 'bank', input, facts.ip);
  const usableAt = await bindBankCard(ctx, userId, {
    receive_name: form.receive_name,
    receive_account: form.receive_account,
    bank_code: form.bank_code,
    bank_name: name,
  });
  return savedMessage(ctx, facts.locale, usableAt);
}

/** "Saved", and from when the new details count when that is later. */
function savedMessage(ctx: AppContext, locale: string, usableAt: number): string {
  if (usableAt <= ctx.clock.now()) return translate(locale, 'auth.common.saved');
  return translate(locale, 'auth.common.savedCoolOff', { time: formatExchangeTime(usableAt) });
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

export async function cashInfo(ctx: AppContext, userId: number): Promise<CashInfoReply> {
  const info = await latestPaymentDetails(ctx, userId);
  if (!info) return { ...EMPTY_CASH, usable_at: 0 };
  // The QR codes are private uploads: the owner's page shows them through short-lived signed URLs.
  return {
    ...info,
    alipay_collect: await signedUploadUrl(ctx, info.alipay_collect),
    wechat_collect: await signedUploadUrl(ctx, info.wechat_collect),
  };
}

/**
 * Saves the C2C payment details; counterparties see them after the cool-off, the previous ones until
 * then (payment-details.ts).
 */
export async function cashSave(
  ctx: AppContext,
  userId: number,
  input: CashInfo & StepUpProof,
  facts: { locale: string; ip: string },
): Promise<string> {
  const form = parseForm(CashForm, input);
  // The images first, like any bad input: a refused form does not spend the code.
  // Each QR image is optional; one that is given must be the user's own upload.
  const image = (url: string) => (url ? ownUploadUrl(ctx, userId, url) : Promise.resolve(''));
  const alipay = await image(form.alipay_collect);
  const wechat = await image(form.wechat_collect);
  if (alipay === null || wechat === null) throw new AppError('CASH_QR_INVALID');
  await proveBinding(ctx, userId, 'payment', input, facts.ip);
  const usableAt = await savePaymentDetails(ctx, userId, {
    ...form,
    alipay_collect: alipay,
    wechat_collect: wechat,
  });
  return savedMessage(ctx, facts.locale, usableAt);
}
