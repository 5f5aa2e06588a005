import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt N=2^15, r=8, p=1: about 32 MiB and tens of ms per hash, memory-hard against GPU guessing. The
 * work factor is PASSWORD_HASH_LOG2N (env.ts): production refuses less than this default; the test suites
 * lower it, as every registration and login there would otherwise spend this on purpose.
 */
export const DEFAULT_HASH_LOG2N = 15;
const R = 8;
const P = 1;
const MAXMEM = 64 * 1024 * 1024;
const KEYLEN = 32;

/**
 * `scrypt$N$r$p$salt$hash` (base64url parts), so parameters can be raised later without a migration:
 * a check reads them from the stored hash.
 */
export async function hashPassword(password: string, log2N: number = DEFAULT_HASH_LOG2N): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = 2 ** log2N;
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltB64, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}
