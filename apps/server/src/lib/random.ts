import crypto from 'node:crypto';

export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A short human-friendly code (invite codes): no 0/O/1/I. */
export function randomCode(length: number): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[bytes[i]! % ALNUM.length];
  return out;
}
