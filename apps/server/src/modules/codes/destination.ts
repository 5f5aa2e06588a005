/**
 * Who a code goes to, normalized once so that sends, checks and account look-ups agree: an e-mail
 * address in lower case, or a phone number as `+<area code> <digits>` (leading zeros dropped).
 */
import { DEFAULT_AREA_CODE, normalizeAreaCode } from '@oryx/contracts/countries';
import { isEmail, isPhone, normalizePhone } from '@oryx/contracts/auth/forms';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { userAccessRepo } from '../users/access-repo';

export type Channel = 'sms' | 'email';

export type Destination =
  | { channel: 'email'; key: string; email: string }
  | { channel: 'sms'; key: string; areaCode: string; phone: string };

export const emailKey = (email: string): string => email.trim().toLowerCase();
export const phoneKey = (areaCode: string, phone: string): string => `+${areaCode} ${phone}`;

export function emailDestination(raw: string): Destination {
  const email = emailKey(raw);
  return { channel: 'email', key: email, email };
}

/** `rawAreaCode` may be '66', '+66' or ''; '' falls back to `fallbackAreaCode`, then to +66. */
export function phoneDestination(raw: string, rawAreaCode: string, fallbackAreaCode?: string): Destination {
  const areaCode = resolveAreaCode(rawAreaCode, fallbackAreaCode);
  const phone = normalizePhone(raw);
  return { channel: 'sms', key: phoneKey(areaCode, phone), areaCode, phone };
}

export function resolveAreaCode(raw: string, fallback?: string): string {
  if (raw.trim() === '') return fallback || DEFAULT_AREA_CODE;
  const code = normalizeAreaCode(raw);
  if (!code) throw new AppError('AUTH_AREA_CODE_INVALID');
  return code;
}

/** An account typed into a login or reset form: an e-mail when it looks like one, else a phone number. */
export function accountDestination(
  raw: string,
  rawAreaCode: string,
  fallbackAreaCode?: string,
): Destination | null {
  if (isEmail(raw)) return emailDestination(raw);
  if (isPhone(raw)) return phoneDestination(raw, rawAreaCode, fallbackAreaCode);
  return null;
}

export async function findUserByDestination(db: Db, d: Destination) {
  return d.channel === 'email'
    ? userAccessRepo.byEmail(db, d.email)
    : userAccessRepo.byPhone(db, d.areaCode, d.phone);
}

/** The destinations a user owns (their e-mail and their phone), as keys. */
export function ownDestinationKeys(u: {
  email: string | null;
  phone: string | null;
  area_code: string;
}): string[] {
  const keys: string[] = [];
  if (u.email) keys.push(emailKey(u.email));
  if (u.phone) keys.push(phoneKey(u.area_code, u.phone));
  return keys;
}
