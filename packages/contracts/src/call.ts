import type { z } from 'zod';

/**
 * One HTTP call of the API: method(s), path, the input schema (fields may arrive as JSON, form fields,
 * multipart fields or query parameters: the server merges them before validating) and the reply schema.
 * `envelope: false` marks the three calls whose reply is not `{type, message}` (env.json, login,
 * new_timeshar): their `reply` describes the whole body.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type CallAuth = 'none' | 'optional' | 'user' | 'admin';
/**
 * What an 'admin' call needs of the operator's role (console/roles.ts): `read` (administrator, operator,
 * auditor), `act` (administrator, operator), `manage` (administrator). Default: `read` for a GET-only
 * call, `act` otherwise.
 */
export type StaffLevel = 'read' | 'act' | 'manage';
/** A user restriction an operator can set that refuses the call (console/roles.ts). */
export type CallGuard = 'trade' | 'withdraw';

export interface CallContract<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends CallAuth = CallAuth,
> {
  method: HttpMethod | readonly HttpMethod[];
  path: string;
  input: I;
  reply: O;
  /** Kept as its literal type, so the server's handlers of 'user' and 'admin' calls get a session by type. */
  auth: A;
  summary: string;
  envelope?: boolean;
  /** For 'admin' calls: the staff level needed (see StaffLevel). */
  staff?: StaffLevel;
  /**
   * For 'admin' calls at the `read` level that show personal data (identity documents, payment details,
   * delivered messages): every call is written to the audit log too, like a changing call.
   */
  auditReads?: boolean;
  /** For 'user' calls: refused while an operator has frozen this activity for the user. */
  guard?: CallGuard;
  /**
   * For calls existing clients of this API family send without `Authorization` (they clear their storage
   * and log the user out on `999`). `cookie`: a read that, sent without a token, identifies the user by
   * the session cookie set at login (never a call that changes anything); `refuse`: a change, which never
   * takes the cookie. Sent with no token, a 'user' call with either answers `AUTH_COOKIE_MISSING` or
   * `AUTH_TOKEN_MISSING` (not `999`); an expired token is still `999`.
   */
  withoutToken?: 'cookie' | 'refuse';
}

export const defineCall = <I extends z.ZodType, O extends z.ZodType, A extends CallAuth>(
  c: CallContract<I, O, A>,
) => c;

export type CallInput<C extends CallContract> = z.input<C['input']>;
export type CallParsedInput<C extends CallContract> = z.output<C['input']>;
export type CallReply<C extends CallContract> = z.input<C['reply']>;
