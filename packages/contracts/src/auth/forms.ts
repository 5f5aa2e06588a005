/**
 * The account forms' validation rules, written once and used twice:
 * the web app validates with these schemas before sending, and the server validates the same fields
 * with the same schemas before acting. Every issue's message is an i18n key of the `auth` namespace
 * (`t('auth:login.psw6')`); the server maps the first issue's key to an error code with FORM_ERRORS, and
 * `errors.<CODE>` carries the same text in every locale (checked by a test), so the user reads the same
 * sentence whichever side refused.
 *
 * Rules are listed in the order the client checks them, so the first issue is the one shown.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { BANK_CODES, OTHER_BANK_CODE } from '../banks';
import { isListedBankCode } from '../bank-regions';
import { nicknameField } from '../account/nickname';

/** Message keys (namespace `auth`) and the error code the server answers for each. */
export const FORM_ERRORS = {
  'login.enterAccount': 'AUTH_ACCOUNT_REQUIRED',
  'login.psw6': 'AUTH_PASSWORD_SHORT',
  'login.enterCode': 'AUTH_CODE_REQUIRED',
  'register.inviteRequired': 'AUTH_INVITE_REQUIRED',
  'register.psw16': 'AUTH_PASSWORD_LENGTH',
  'register.rePswRequired': 'AUTH_REPASSWORD_REQUIRED',
  'set.pswFalse': 'AUTH_PASSWORD_MISMATCH',
  'register.emailFalse': 'AUTH_EMAIL_INVALID',
  'register.phoneFalse': 'AUTH_PHONE_INVALID',
  'register.areaCodeFalse': 'AUTH_AREA_CODE_INVALID',
  'forget.enterPswTwo': 'AUTH_PASSWORDS_REQUIRED',
  'auth.nameRequired': 'KYC_NAME_REQUIRED',
  'auth.cardRequired': 'KYC_CARD_REQUIRED',
  'auth.pimg': 'KYC_IMAGES_REQUIRED',
  'bank.nameRequired': 'BANK_NAME_REQUIRED',
  'bank.otherRequired': 'BANK_OTHER_REQUIRED',
  'bank.accountRequired': 'BANK_ACCOUNT_REQUIRED',
  'bank.tooLong': 'BANK_FIELD_TOO_LONG',
  'bank.codeFalse': 'BANK_CODE_INVALID',
  'email.required': 'EMAIL_REQUIRED',
  'cash.realName': 'CASH_REAL_NAME_REQUIRED',
  'cash.bankName': 'CASH_BANK_NAME_REQUIRED',
  'cash.bankAccount': 'CASH_BANK_ACCOUNT_REQUIRED',
  'cash.alipay': 'CASH_ALIPAY_REQUIRED',
  'cash.wechatAccount': 'CASH_WECHAT_ACCOUNT_REQUIRED',
  'cash.wechatNickname': 'CASH_WECHAT_NICKNAME_REQUIRED',
  'cash.qr': 'CASH_QR_REQUIRED',
  'cash.tooLong': 'CASH_FIELD_TOO_LONG',
  'set.nicknameRequired': 'ACCOUNT_NICKNAME_REQUIRED',
  'nickname.length': 'ACCOUNT_NICKNAME_LENGTH',
  'nickname.contact': 'ACCOUNT_NICKNAME_CONTACT',
  'nickname.chars': 'ACCOUNT_NICKNAME_CHARS',
  'set.oldPswRequired': 'AUTH_OLD_PASSWORD_REQUIRED',
} as const satisfies Record<string, ErrorCode>;
export type FormMessageKey = keyof typeof FORM_ERRORS;

/** Passwords (login and transaction) are 6 to 16 characters. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
/** Verification codes: the input accepts at most 16 characters; ours are 6 digits. */
export const CODE_INPUT_MAX = 16;
/** Bank binding: name and account at most 50 characters. */
export const BANK_FIELD_MAX = 50;

/**
 * E-mail pattern: a local part, a domain and a 2-9 letter top-level domain. The bind-e-mail
 * page of the reference client allowed only 2-3 letter TLDs, which refuses real addresses (.info,
 * .email, .online); Oryx uses the one pattern everywhere.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,9}$/;
export const isEmail = (s: string): boolean => s.length <= 100 && EMAIL_PATTERN.test(s.trim());

/** Phone numbers: digits only once spaces, dashes and brackets are removed; 5 to 15 digits. */
export const normalizePhone = (s: string): string => s.replace(/[\s\-().]/g, '').replace(/^0+/, '');
export const isPhone = (s: string): boolean => /^[0-9]{5,15}$/.test(normalizePhone(s));

const k = (key: FormMessageKey) => ({ error: key });
/** A text field from a form: trimmed; absent means empty. */
const text = (max: number, key: FormMessageKey) => z.string().trim().max(max, k(key));
const required = (max: number, requiredKey: FormMessageKey, tooLongKey: FormMessageKey = requiredKey) =>
  z.string().trim().min(1, k(requiredKey)).max(max, k(tooLongKey));
/** Passwords are not trimmed: a space is a character like any other. */
const password = (key: FormMessageKey) => z.string().min(PASSWORD_MIN, k(key)).max(PASSWORD_MAX, k(key));
const code = () => z.string().trim().min(1, k('login.enterCode')).max(CODE_INPUT_MAX, k('login.enterCode'));

/** Login: account, password of at least 6 (input max 16), a code when the flag is on. */
export const loginForm = (needSmsCode: boolean) =>
  z.object({
    user_string: required(100, 'login.enterAccount'),
    password: password('login.psw6'),
    sms_code: needSmsCode ? code() : z.string().trim().max(CODE_INPUT_MAX).optional(),
  });
export type LoginForm = z.infer<ReturnType<typeof loginForm>>;

const samePasswords =
  (a: string, b: string) =>
  (v: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (v[a] !== v[b]) ctx.addIssue({ code: 'custom', path: [b], message: 'set.pswFalse' });
  };

/**
 * Registration: invite code, account (a valid e-mail for e-mail registration, a phone number
 * otherwise), code, password 6-16, repeat, equal. The agreement box is checked in the page only.
 */
export const RegisterForm = z
  .object({
    extension_code: required(32, 'register.inviteRequired'),
    type: z.enum(['mobile', 'email']),
    user_string: required(100, 'login.enterAccount'),
    password: password('register.psw16'),
    re_password: z.string().min(1, k('register.rePswRequired')).max(PASSWORD_MAX, k('set.pswFalse')),
    code: code(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'email' && !isEmail(v.user_string)) {
      ctx.addIssue({ code: 'custom', path: ['user_string'], message: 'register.emailFalse' });
    } else if (v.type === 'mobile' && !isPhone(v.user_string)) {
      ctx.addIssue({ code: 'custom', path: ['user_string'], message: 'register.phoneFalse' });
    }
  })
  .superRefine(samePasswords('password', 're_password'));
export type RegisterForm = z.infer<typeof RegisterForm>;

/** Sending a code: an e-mail address must match the pattern before a code is sent. */
export const SendMailForm = z.object({
  user_string: required(100, 'login.enterAccount').refine(isEmail, k('register.emailFalse')),
});
export const SendSmsForm = z.object({
  user_string: required(100, 'login.enterAccount').refine(isPhone, k('register.phoneFalse')),
});

/**
 * Forgot password: account, both passwords (`enterPswTwo`), 6-16, equal, a code of
 * at most 16 characters.
 */
export const ForgetForm = z
  .object({
    account: required(100, 'login.enterAccount'),
    password: z.string().min(1, k('forget.enterPswTwo')).pipe(password('register.psw16')),
    repassword: z.string().min(1, k('forget.enterPswTwo')).max(PASSWORD_MAX, k('set.pswFalse')),
    code: code(),
  })
  .superRefine(samePasswords('password', 'repassword'));
export type ForgetForm = z.infer<typeof ForgetForm>;

/** Change the login password while logged in (/resetPwd): the current one, then the new one twice. */
export const ChangePasswordForm = z
  .object({
    old_password: z.string().min(1, k('set.oldPswRequired')).max(PASSWORD_MAX, k('login.psw6')),
    password: z.string().min(1, k('forget.enterPswTwo')).pipe(password('register.psw16')),
    re_password: z.string().min(1, k('forget.enterPswTwo')).max(PASSWORD_MAX, k('set.pswFalse')),
  })
  .superRefine(samePasswords('password', 're_password'));
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

/** Transaction (funds) password on /bindmpwd: 6-16, repeated, with a code sent to the user's account. */
export const TradePasswordForm = z
  .object({
    password: z.string().min(1, k('forget.enterPswTwo')).pipe(password('register.psw16')),
    re_password: z.string().min(1, k('forget.enterPswTwo')).max(PASSWORD_MAX, k('set.pswFalse')),
    code: code(),
  })
  .superRefine(samePasswords('password', 're_password'));
export type TradePasswordForm = z.infer<typeof TradePasswordForm>;

/** Identity form: name, id card number, and all three images (`auth.pimg`). */
export const KycForm = z.object({
  name: required(50, 'auth.nameRequired'),
  card_id: required(40, 'auth.cardRequired'),
  front_pic: required(300, 'auth.pimg'),
  reverse_pic: required(300, 'auth.pimg'),
  hand_pic: required(300, 'auth.pimg'),
});
export type KycForm = z.infer<typeof KycForm>;

/**
 * Bank binding: payee name, the bank name when "other" is chosen, the account; name and
 * account at most 50 characters; the bank code defaults to BCA.
 */
export const BankForm = z
  .object({
    receive_name: required(BANK_FIELD_MAX, 'bank.nameRequired', 'bank.tooLong'),
    bank_code: z
      .string()
      .trim()
      .transform((s) => s || 'BCA')
      .refine(
        (s) => (BANK_CODES as readonly string[]).includes(s) || isListedBankCode(s),
        k('bank.codeFalse'),
      ),
    bank_name: text(BANK_FIELD_MAX, 'bank.tooLong'),
    receive_account: required(BANK_FIELD_MAX, 'bank.accountRequired', 'bank.tooLong'),
  })
  .superRefine((v, ctx) => {
    if (v.bank_code === OTHER_BANK_CODE && v.bank_name === '') {
      ctx.addIssue({ code: 'custom', path: ['bank_name'], message: 'bank.otherRequired' });
    }
  });
export type BankForm = z.infer<typeof BankForm>;

/** Bind e-mail: address required and valid, code required. */
export const BindEmailForm = z.object({
  email: required(100, 'email.required').refine(isEmail, k('register.emailFalse')),
  code: code(),
});
export type BindEmailForm = z.infer<typeof BindEmailForm>;

/**
 * Payment details, one method at a time: the name required, then at least one method (bank: bank name
 * and account together; Alipay: the account; WeChat: the account), each QR image optional.
 */
export const CashForm = z
  .object({
    real_name: required(50, 'cash.realName', 'cash.tooLong'),
    bank_name: text(50, 'cash.tooLong'),
    bank_account: text(50, 'cash.tooLong'),
    alipay_account: text(50, 'cash.tooLong'),
    wechat_account: text(50, 'cash.tooLong'),
    wechat_nickname: text(50, 'cash.tooLong'),
    alipay_collect: text(300, 'cash.qr'),
    wechat_collect: text(300, 'cash.qr'),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: FormMessageKey) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.bank_name && !v.bank_account) issue('bank_account', 'cash.bankAccount');
    if (v.bank_account && !v.bank_name) issue('bank_name', 'cash.bankName');
    if (!v.bank_account && !v.alipay_account && !v.wechat_account) issue('bank_account', 'cash.bankAccount');
  });
export type CashForm = z.infer<typeof CashForm>;

/**
 * Nickname (`/api/user/setaccount`), confirmed with the login password typed twice; the nickname
 * follows the public-nickname rules (`account/nickname.ts`).
 */
export const SetAccountForm = z
  .object({
    account: z.string().trim().min(1, k('set.nicknameRequired')).pipe(nicknameField),
    password: z.string().min(1, k('forget.enterPswTwo')).max(PASSWORD_MAX, k('login.psw6')),
    repassword: z.string().min(1, k('forget.enterPswTwo')).max(PASSWORD_MAX, k('set.pswFalse')),
  })
  .superRefine(samePasswords('password', 'repassword'));
export type SetAccountForm = z.infer<typeof SetAccountForm>;

/** The first issue's message key, or null when the message is not one of ours. */
export function firstFormKey(error: z.ZodError): FormMessageKey | null {
  const msg = error.issues[0]?.message;
  return msg !== undefined && msg in FORM_ERRORS ? (msg as FormMessageKey) : null;
}
