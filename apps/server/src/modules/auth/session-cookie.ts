/**
 * The session cookie: a proof of the session that the browser carries by itself, for the clients of this
 * API family that send no token where we need one (the socket's `login` with a bare user id, and a few
 * reads sent without `Authorization`).
 *
 * It is not the token. Its value is `<session id>.<HMAC-SHA256 of the session id and the token's stored
 * hash>`, under a key made once and kept in `server_keys` (every process checks with the same key without
 * configuration). So it cannot be sent as `Authorization`, it cannot be made from a leaked `sessions`
 * table, and it ends with its session (logout, password change, freeze, expiry). It is HttpOnly,
 * SameSite=Lax and, over HTTPS, Secure; only the socket and the reads that list `withoutToken: 'cookie'`
 * on their contract accept it: no call that changes anything does (no cross-site request forgery).
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/connection';
import { serverKey } from '../../lib/server-keys';

export const SESSION_COOKIE = 'oryx_sid';
const KEY_NAME = 'session_cookie_hmac';
/** The cookie key of this database (made on first use). */
export function cookieKey(db: Db, now: number): Promise<Buffer> {
  return serverKey(db, KEY_NAME, now);
}

const mac = (key: Buffer, sessionId: number, tokenHash: string) =>
  crypto.createHmac('sha256', key).update(`session-cookie\n${sessionId}\n${tokenHash}`).digest('base64url');

/** The cookie's value for a session. */
export function cookieValue(key: Buffer, sessionId: number, tokenHash: string): string {
  return `${sessionId}.${mac(key, sessionId, tokenHash)}`;
}

/** The session id a cookie value names, or null when it is not one of ours. */
export function cookieSessionId(value: string | null): number | null {
  const m = value === null ? null : /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
  return m ? Number(m[1]) : null;
}

/** Whether `value` is the cookie of that session (constant-time). */
export function cookieMatches(key: Buffer, value: string, sessionId: number, tokenHash: string): boolean {
  const want = Buffer.from(cookieValue(key, sessionId, tokenHash));
  const got = Buffer.from(value);
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}

/** The session cookie's value in a `Cookie` header, or null. */
export function readSessionCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** `Set-Cookie` for the session (`maxAgeMs` 0 clears it). Secure when the request came over HTTPS. */
export function sessionCookieHeader(value: string, maxAgeMs: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000));
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
