/**
 * Codes, registration, login and password reset. Inputs are lenient on
 * purpose: fields may arrive as JSON, form fields or query parameters, as strings or numbers, or not at
 * all; the rules themselves are the form schemas of ./forms, applied by the server after this parse so
 * that every refusal carries the form's message.
 */
import { z } from 'zod';
import { intish } from '../wire';
import { defineCall } from '../call';

/** A wire field: any scalar becomes a string; absent becomes ''. Bounded, so nothing huge is parsed. */
export const wireText = (max = 200) =>
  z
    .union([z.string(), z.number(), z.boolean()])
    .optional()
    .transform((v) => (v === undefined ? '' : String(v)))
    .pipe(z.string().max(max));

/**
 * What a code is for: each code is issued for exactly one of these and every call that spends a code
 * accepts only its own. `login`, `register`, `forget` (reset the login password), `trade_password` (set
 * or change the transaction password), `bind` (bind or change the e-mail address), `safe` (bind a
 * withdrawal address), `bank` (bind the rupiah payout bank card), `payment` (save the C2C payment
 * details). Clients name one with `scene`, or with `type: 'forget'` (see the codes module's README).
 */
export const CODE_SCENES = [
  'login',
  'register',
  'forget',
  'safe',
  'bind',
  'trade_password',
  'bank',
  'payment',
] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

/**
 * Seconds before another code may go to the same destination, by the scene of the code asked for. The
 * server refuses earlier requests (CODE_TOO_SOON) and the send button counts the same seconds down, so
 * the button is never enabled while the server would still refuse. The password-reset code waits 31 s,
 * every other code 60 s.
 */
export const CODE_RESEND_SECONDS: Readonly<Record<CodeScene, number>> = {
  login: 60,
  register: 60,
  forget: 31,
  safe: 60,
  bind: 60,
  trade_password: 60,
  bank: 60,
  payment: 60,
};

const SendCodeInput = z.object({
  user_string: wireText(100),
  scene: wireText(20),
  type: wireText(20),
  /** Login page: '+66'. */
  country_code: wireText(8),
  /** Register / forget pages: '66'. */
  area_code: wireText(8),
  area_code_id: wireText(4),
  /**
   * Demo mode: a random ticket (32 to 64 characters) this page made up; with it, and only with it,
   * SandboxCodeCall reads back the code the sandbox delivered for this request. Ignored elsewhere.
   */
  sandbox_ticket: wireText(64),
});

export const SendSmsCall = defineCall({
  method: 'POST',
  path: '/api/sms_send',
  auth: 'optional',
  summary: 'Send a verification code by SMS (scene login, register, forget / type forget, safe, bind)',
  input: SendCodeInput,
  reply: z.string(),
});

export const SendMailCall = defineCall({
  method: 'POST',
  path: '/api/sms_mail',
  auth: 'optional',
  summary: 'Send a verification code by e-mail (scene login, register, forget / type forget, safe, bind)',
  input: SendCodeInput,
  reply: z.string(),
});

const CheckCodeInput = z.object({
  mobile_code: wireText(16),
  email_code: wireText(16),
  /** Optional: which destination the code was sent to (else the user's own, else this address's last). */
  user_string: wireText(100),
  area_code: wireText(8),
  scene: wireText(20),
  type: wireText(20),
});

export const CheckMobileCall = defineCall({
  method: 'POST',
  path: '/api/user/check_mobile',
  auth: 'optional',
  summary: 'Check an SMS code without using it up',
  input: CheckCodeInput,
  reply: z.string(),
});

export const CheckEmailCall = defineCall({
  method: 'POST',
  path: '/api/user/check_email',
  auth: 'optional',
  summary: 'Check an e-mail code without using it up',
  input: CheckCodeInput,
  reply: z.string(),
});

/**
 * Registration's reply: `message` the text shown (what clients of this API family toast), `token` a
 * session for the new account (the user is logged in), `id` its user id.
 */
export const RegisterReply = z.object({
  type: z.literal('ok'),
  message: z.string(),
  token: z.string(),
  id: z.number().int(),
});
export type RegisterReply = z.infer<typeof RegisterReply>;

export const RegisterCall = defineCall({
  method: 'POST',
  path: '/api/user/register',
  auth: 'none',
  summary:
    'Register with a phone number or an e-mail address, a code and an invite code; the reply carries a session',
  envelope: false,
  input: z.object({
    type: z
      .union([z.string(), z.number()])
      .optional()
      .transform((v) => (String(v ?? '') === 'mobile' ? ('mobile' as const) : ('email' as const))),
    user_string: wireText(100),
    code: wireText(16),
    password: wireText(64),
    re_password: wireText(64),
    extension_code: wireText(32),
    area_code: wireText(8),
    area_code_id: wireText(4),
    nationality: wireText(80),
  }),
  reply: RegisterReply,
});

const LoginInput = z.object({
  user_string: wireText(100),
  password: wireText(64),
  sms_code: wireText(16),
  area_code: wireText(8),
  area_code_id: wireText(4),
  /** With two-factor on: the authenticator's 6 digits or a recovery code (else TWO_FACTOR_REQUIRED). */
  totp_code: wireText(16),
});

/** The one reply that is not the envelope's usual shape: `{type, message: <token>, id}`. */
export const LoginReply = z.object({ type: z.literal('ok'), message: z.string(), id: z.number().int() });
export type LoginReply = z.infer<typeof LoginReply>;

export const LoginCall = defineCall({
  method: 'POST',
  path: '/api/user/login',
  auth: 'none',
  summary: 'Log in; the reply message is the session token, `id` the user id',
  envelope: false,
  input: LoginInput,
  reply: LoginReply,
});

export const PointsLoginCall = defineCall({
  method: 'POST',
  path: '/api/Independent/points',
  auth: 'none',
  summary: 'The points-exchange login variant (same rules and reply as /api/user/login)',
  envelope: false,
  input: LoginInput,
  reply: LoginReply,
});

export const ForgetCall = defineCall({
  method: 'POST',
  path: '/api/user/forget',
  auth: 'optional',
  summary: 'Reset the login password with a code; every session of the user is revoked',
  input: z.object({
    account: wireText(100),
    /** Some clients send `user_string` instead of `account`. */
    user_string: wireText(100),
    password: wireText(64),
    repassword: wireText(64),
    code: wireText(16),
    scene: wireText(20),
    area_code: wireText(8),
  }),
  reply: z.string(),
});

export const ChangePasswordCall = defineCall({
  method: 'POST',
  path: '/api/user/change_password',
  auth: 'user',
  summary: 'Change the login password (current one required); every session of the user is revoked',
  input: z.object({
    old_password: wireText(64),
    password: wireText(64),
    re_password: wireText(64),
    /** With two-factor on: the authenticator's code or a recovery code. */
    totp_code: wireText(16),
  }),
  reply: z.string(),
});

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  destination: z.string(),
  scene: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The code the message carries ('' for notices that carry none). */
  code: z.string(),
  created_at: z.number().int(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/**
 * Demo mode only (production does not register it): the administrator alone reads it, since it shows
 * live codes, and each read goes to the audit log.
 */
export const OutboxCall = defineCall({
  method: 'GET',
  path: '/api/admin/outbox',
  auth: 'admin',
  staff: 'manage',
  auditReads: true,
  summary:
    'The sandbox outbox (demo mode): every SMS and e-mail the sandbox adapters delivered, newest first',
  input: z.object({
    destination: wireText(120),
    limit: intish((n) => n.min(1).max(200).default(50)),
  }),
  reply: z.object({ list: z.array(OutboxMessage) }),
});

/** What the sandbox delivered for a ticketed code request (`code` '' when it carried none). */
export const SandboxCode = z.object({
  destination: z.string(),
  scene: z.string(),
  code: z.string(),
});
export type SandboxCode = z.infer<typeof SandboxCode>;

export const SandboxCodeCall = defineCall({
  method: 'POST',
  path: '/api/sandbox_code',
  auth: 'optional',
  summary:
    'Demo mode only: the code the sandbox delivered for the sign-up or reset request that sent this ticket (null before one went out)',
  input: z.object({ ticket: wireText(64) }),
  reply: SandboxCode.nullable(),
});
