/**
 * Short-lived signed URLs for private uploads: `/uploads/<name>?exp=<ms>&sig=<hmac>`. An `<img>` cannot
 * send the session token, so a page that may show a private image (the owner's own QR code, an identity
 * document to an operator, a payment QR code to the other party of a C2C deal) gets a URL that works
 * for SIGNED_URL_TTL_MS and for that one file only. The HMAC-SHA256 key is made once on first use and
 * kept in `server_keys`, so every process signs and checks with the same key without configuration.
 */
import crypto from 'node:crypto';
import { UPLOAD_URL_PREFIX } from '@oryx/contracts/kyc/calls';
import type { AppContext } from '../../lib/context';
import { serverKey } from '../../lib/server-keys';

/** How long a signed URL works (rounded up to the next minute, so a page's URLs stay cacheable). */
export const SIGNED_URL_TTL_MS = 15 * 60_000;
const KEY_NAME = 'upload_url_hmac';
function signingKey(ctx: AppContext): Promise<Buffer> {
  return serverKey(ctx.db, KEY_NAME, ctx.clock.now());
}

const mac = (key: Buffer, name: string, exp: number) =>
  crypto.createHmac('sha256', key).update(`${name}\n${exp}`).digest('base64url');

/** The upload's file name in a URL as clients send it back (with or without host and query), or null. */
export function uploadNameOf(url: string): string | null {
  const i = url.lastIndexOf(UPLOAD_URL_PREFIX);
  if (i < 0) return null;
  const rest = url.slice(i + UPLOAD_URL_PREFIX.length);
  const q = rest.search(/[?#]/);
  return q < 0 ? rest : rest.slice(0, q);
}

/**
 * A signed URL of the upload at `url` for a viewer the caller has decided may see it. Anything that is
 * not one of our uploads ('' included) comes back unchanged.
 */
export async function signedUploadUrl(
  ctx: AppContext,
  url: string,
  ttlMs: number = SIGNED_URL_TTL_MS,
): Promise<string> {
  const name = uploadNameOf(url);
  if (!name) return url;
  const exp = Math.ceil((ctx.clock.now() + ttlMs) / 60_000) * 60_000;
  return `${UPLOAD_URL_PREFIX}${name}?exp=${exp}&sig=${mac(await signingKey(ctx), name, exp)}`;
}

/** Whether `exp`/`sig` (from the query) sign `name` and have not expired. */
export async function validSignature(
  ctx: AppContext,
  name: string,
  exp: unknown,
  sig: unknown,
): Promise<boolean> {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,15}$/.test(exp)) return false;
  const at = Number(exp);
  if (at <= ctx.clock.now()) return false;
  const want = Buffer.from(mac(await signingKey(ctx), name, at));
  const got = Buffer.from(sig);
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}
