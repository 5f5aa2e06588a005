/**
 * The login page's `redirect` query parameter: where a visitor sent to log in goes back to afterwards.
 * Only a path of this app is followed (the router is a hash router, so a path is everything after `#`):
 * anything that could leave the app (`//host`, `https:`, `/\host`, control characters) is dropped, and so
 * are the login and registration pages themselves (they would send the user round in a loop).
 */
export const LOGIN_PATH = '/components/login';

/** Longer values are not a page of this app. */
const REDIRECT_LENGTH_MAX = 1000;
const AUTH_PATHS = new Set([LOGIN_PATH, '/components/loginTransfer', '/components/register', '/forgetPwd']);
const BASE = 'http://app.invalid';

/** `raw` when it is a same-app path (normalised), otherwise null. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || raw.length > REDIRECT_LENGTH_MAX) return null;
  // One leading slash, then not a second slash or a backslash (both would name another host).
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || AUTH_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, asking to come back to `from` afterwards (when that is worth it and safe). */
export function loginPath(from?: string | null): string {
  const back = safeRedirect(from);
  return back && back !== '/' ? `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}` : LOGIN_PATH;
}

/** The page of the app shown now (the part of the address after `#`). */
export function currentAppPath(): string {
  const hash = typeof window === 'undefined' ? undefined : window.location?.hash;
  return hash?.replace(/^#/, '') || '/';
}

/** The transaction-password page, returning afterwards to the page that asked for it (when safe). */
export function tradePasswordPath(from: string = currentAppPath()): string {
  const back = safeRedirect(from);
  return back && back !== '/' && !back.startsWith('/bindmpwd')
    ? `/bindmpwd?from=${encodeURIComponent(back)}`
    : '/bindmpwd';
}
