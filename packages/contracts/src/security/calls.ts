/**
 * Security settings (apps/server/src/modules/security): two-factor authentication (TOTP) with one-time
 * recovery codes, the login history, open sessions, the anti-phishing phrase, and an operator's freeze.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { intish } from '../wire';
import { wireText } from '../auth/calls';

/** A second-factor code as every call takes it: the authenticator's 6 digits or a recovery code. */
export const totpCode = () => wireText(16);

/** Anti-phishing phrase: 4 to 20 letters or digits (any script), shown in every e-mail we send. */
export const ANTI_PHISHING_PATTERN = /^[\p{L}\p{N}]{4,20}$/u;

export const SecurityOverview = z.object({
  two_factor: z.boolean(),
  /** Unused recovery codes left (0 when two-factor is off). */
  recovery_left: z.number().int(),
  /** '' = none set. */
  anti_phishing: z.string(),
});
export type SecurityOverview = z.infer<typeof SecurityOverview>;

export const SecurityOverviewCall = defineCall({
  method: 'GET',
  path: '/api/security/overview',
  auth: 'user',
  summary: 'Whether two-factor is on, recovery codes left, the anti-phishing phrase',
  input: z.object({}),
  reply: SecurityOverview,
});

export const TwoFactorSetup = z.object({
  /** Base32 secret, for typing into an authenticator by hand. */
  secret: z.string(),
  /** otpauth:// URI. */
  uri: z.string(),
  /** The URI as a QR code (PNG data URL). */
  qr: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const TwoFactorSetupCall = defineCall({
  method: 'POST',
  path: '/api/security/2fa/setup',
  auth: 'user',
  summary: 'Start two-factor setup: a new secret and its QR code (not yet required until confirmed)',
  input: z.object({}),
  reply: TwoFactorSetup,
});

export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const TwoFactorConfirmCall = defineCall({
  method: 'POST',
  path: '/api/security/2fa/confirm',
  auth: 'user',
  summary:
    'Confirm setup with a current code and the login password: two-factor is on; the reply carries 10 one-time recovery codes, shown once',
  input: z.object({ code: totpCode(), password: wireText(64) }),
  reply: RecoveryCodes,
});

export const TwoFactorDisableCall = defineCall({
  method: 'POST',
  path: '/api/security/2fa/disable',
  auth: 'user',
  summary: 'Turn two-factor off (the login password and a current code or a recovery code)',
  input: z.object({ code: totpCode(), password: wireText(64) }),
  reply: z.string(),
});

export const RecoveryCodesCall = defineCall({
  method: 'POST',
  path: '/api/security/2fa/recovery_codes',
  auth: 'user',
  summary: 'Replace the recovery codes (a current code required); the old ones stop working',
  input: z.object({ code: totpCode() }),
  reply: RecoveryCodes,
});

export const SessionRow = z.object({
  id: z.number().int(),
  created_at: z.number().int(),
  ip: z.string(),
  /** Browser and system from the user agent, e.g. "Chrome · Windows". */
  device: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof SessionRow>;

export const SessionsCall = defineCall({
  method: 'GET',
  path: '/api/security/sessions',
  auth: 'user',
  summary: 'Open sessions of the user, newest first',
  input: z.object({}),
  reply: z.object({ list: z.array(SessionRow) }),
});

export const LoginRow = z.object({
  created_at: z.number().int(),
  ip: z.string(),
  device: z.string(),
  /** 'open', 'ended' (logged out or revoked) or 'expired'. */
  state: z.enum(['open', 'ended', 'expired']),
});
export type LoginRow = z.infer<typeof LoginRow>;

export const LoginHistoryCall = defineCall({
  method: 'GET',
  path: '/api/security/logins',
  auth: 'user',
  summary: 'The last 20 logins of the user: time, address, device',
  input: z.object({}),
  reply: z.object({ list: z.array(LoginRow) }),
});

export const EndSessionCall = defineCall({
  method: 'POST',
  path: '/api/security/sessions/end',
  auth: 'user',
  summary: 'Log out one of the user’s sessions (its sockets leave at once)',
  input: z.object({ id: intish((n) => n.min(1)) }),
  reply: z.string(),
});

export const EndOtherSessionsCall = defineCall({
  method: 'POST',
  path: '/api/security/sessions/end_others',
  auth: 'user',
  summary: 'Log out every session of the user but this one',
  input: z.object({}),
  reply: z.object({ ended: z.number().int() }),
});

export const AntiPhishingCall = defineCall({
  method: 'POST',
  path: '/api/security/anti_phishing',
  auth: 'user',
  summary: 'Set the anti-phishing phrase shown in every e-mail ("" removes it); two-factor code when on',
  input: z.object({ phrase: wireText(40), code: totpCode() }),
  reply: z.string(),
});
