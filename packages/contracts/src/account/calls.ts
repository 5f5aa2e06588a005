import { z } from 'zod';
import { defineCall } from '../call';
import { wireText } from '../auth/calls';

export const UserInfo = z.object({
  id: z.number().int(),
  extension_code: z.string(),
  is_seller: z.number().int(),
  type: z.string(),
  email: z.string(),
  phone: z.string(),
  account_number: z.string(),
  area_code: z.string(),
  area_code_id: z.number().int(),
  review_status: z.number().int(),
  lang: z.string(),
  role: z.enum(['user', 'admin', 'operator', 'auditor']),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const UserInfoCall = defineCall({
  method: 'GET',
  path: '/api/user/info',
  auth: 'user',
  summary: 'The logged-in user',
  input: z.object({}),
  reply: UserInfo,
});

export const LogoutCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/user/logout',
  auth: 'optional',
  summary: 'Revoke the presented session token',
  input: z.object({}),
  reply: z.string(),
});

// ---- Account settings (profile, phone and e-mail binding, passwords, bank binding) ----
// Inputs are lenient (see ../auth/calls.ts); the rules are the form schemas of ../auth/forms.

/** `GET /api/user/center`: identity state and what the security bar and settings pages show. */
export const UserCenter = z.object({
  id: z.number().int(),
  account_number: z.string(),
  nickname: z.string(),
  phone: z.string(),
  email: z.string(),
  area_code: z.string(),
  /** 0 none, 1 auditing, 2 certified. */
  review_status: z.number().int(),
  /** The operator's reason when the last submission was rejected ('' otherwise). */
  reject_reason: z.string(),
  /** The verified name, once certified ('' before). */
  real_name: z.string(),
  /** The id card number with all but the last 4 characters masked ('' before a submission). */
  card_id: z.string(),
  /** 1 when a transaction password is set. */
  has_trade_password: z.number().int(),
  /** 1 when a bank account is bound. */
  has_bank: z.number().int(),
  /** 1 when payment-receiving details are saved (cash_save). */
  has_payment: z.number().int(),
});
export type UserCenter = z.infer<typeof UserCenter>;

export const UserCenterCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/user/center',
  auth: 'user',
  summary: 'Identity verification state (review_status) and account security facts',
  input: z.object({}),
  reply: UserCenter,
});

export const JudgePasswordCall = defineCall({
  method: 'POST',
  path: '/api/safe/judge_password',
  auth: 'user',
  summary: "Whether a transaction password is set: type 'ok' when set, TRADE_PASSWORD_NOT_SET otherwise",
  input: z.object({}),
  reply: z.string(),
});

export const UpdateTradePasswordCall = defineCall({
  method: 'POST',
  path: '/api/safe/update_password',
  auth: 'user',
  summary: "Set or change the transaction password with a code sent to the user's own phone or e-mail",
  input: z.object({
    password: wireText(64),
    re_password: wireText(64),
    code: wireText(16),
    /** With two-factor on: the authenticator's code or a recovery code. */
    totp_code: wireText(16),
  }),
  reply: z.string(),
});

export const BindEmailCall = defineCall({
  method: 'POST',
  path: '/api/safe/email',
  auth: 'user',
  summary: 'Bind (or change) the e-mail address with a code sent to it and the login password',
  input: z.object({
    email: wireText(100),
    code: wireText(16),
    /** The login password (step-up: a session alone does not change where codes go). */
    password: wireText(64),
    /** With two-factor on: the authenticator's code or a recovery code. */
    totp_code: wireText(16),
  }),
  reply: z.string(),
});

export const AuthorizationCodeCall = defineCall({
  method: 'GET',
  path: '/api/user/authorization_code',
  auth: 'user',
  summary: "The user's authorization code for linking partner services (created on first request)",
  input: z.object({}),
  reply: z.string(),
});

export const SetAccountCall = defineCall({
  method: 'POST',
  path: '/api/user/setaccount',
  auth: 'user',
  summary: 'Set the display nickname, confirmed with the login password typed twice',
  input: z.object({ account: wireText(40), password: wireText(64), repassword: wireText(64) }),
  reply: z.string(),
});

/** What every call that binds payment details takes besides them: the code, the login password, 2FA. */
const StepUpFields = {
  /** A code of the call's own purpose (`bank` / `payment`), sent to the user's own e-mail or phone. */
  code: wireText(16),
  /** The login password. */
  password: wireText(64),
  /** With two-factor on: the authenticator's code or a recovery code. */
  totp_code: wireText(16),
};

export const BankListItem = z.object({ code: z.string(), name: z.string() });

export const BankListCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/user/get_bank_list',
  auth: 'optional',
  summary:
    'Banks of the bank-binding form (code, name), "other" last: those of `country` (ISO code) when given, else of the caller’s country (nationality, then area code)',
  input: z.object({ country: z.string().trim().max(3).optional().catch(undefined) }),
  reply: z.array(BankListItem),
});

export const UserBank = z.object({
  receive_name: z.string(),
  receive_account: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  /** When the card starts receiving payouts (ms; 0 when it already does or none is bound). */
  usable_at: z.number().int(),
});
export type UserBank = z.infer<typeof UserBank>;

export const UserBankCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/user/get_user_bank',
  auth: 'user',
  summary: 'The last bound bank account, with when it receives payouts (empty strings when none is bound)',
  input: z.object({}),
  reply: UserBank,
});

export const AddBankCall = defineCall({
  method: 'POST',
  path: '/api/user/add_bank',
  auth: 'user',
  summary:
    'Bind (or replace) the bank card for rupiah payouts: payee name, bank code (default BCA), bank name for "other"; a `bank` code sent to the user, the login password and the two-factor code when on. The card receives payouts after the cool-off',
  input: z.object({
    receive_name: wireText(200),
    bank_code: wireText(32),
    bank_name: wireText(200),
    receive_account: wireText(200),
    ...StepUpFields,
  }),
  reply: z.string(),
});

export const CashInfo = z.object({
  real_name: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  alipay_account: z.string(),
  wechat_nickname: z.string(),
  wechat_account: z.string(),
  alipay_collect: z.string(),
  wechat_collect: z.string(),
});
export type CashInfo = z.infer<typeof CashInfo>;

/** `cash_info`: the last saved details, with when counterparties start seeing them. */
export const CashInfoReply = CashInfo.extend({
  /** When these details take effect (ms; 0 when they already have or none are saved). */
  usable_at: z.number().int(),
});
export type CashInfoReply = z.infer<typeof CashInfoReply>;

export const CashInfoCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/user/cash_info',
  auth: 'user',
  summary:
    'The last saved payment-receiving details (bank, Alipay, WeChat, two QR image URLs) and when they take effect; empty strings when none',
  input: z.object({}),
  reply: CashInfoReply,
});

export const CashSaveCall = defineCall({
  method: 'POST',
  path: '/api/user/cash_save',
  auth: 'user',
  summary:
    'Save the payment-receiving details (the QR images must be uploads of this user) with a `payment` code sent to the user, the login password and the two-factor code when on; they take effect after the cool-off',
  input: z.object({
    real_name: wireText(200),
    bank_name: wireText(200),
    bank_account: wireText(200),
    alipay_account: wireText(200),
    wechat_nickname: wireText(200),
    wechat_account: wireText(200),
    alipay_collect: wireText(400),
    wechat_collect: wireText(400),
    ...StepUpFields,
  }),
  reply: z.string(),
});
