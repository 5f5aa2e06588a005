/**
 * The public nickname: the only name other users ever see of someone (C2C ads, shop deals, team views).
 * Every user has one from registration on (a generated alias such as `Trader-7F3K2A`, unique), which
 * the user may change in the account settings. Rules, written once for the web form, the server and the
 * migration that gave existing users theirs:
 *
 * - nothing that looks like contact data: no `@` or `.`, at most 4 digits, not a phone number;
 * - 3 to 20 characters after NFKC normalization (full-width letters become ASCII), trimming and
 *   collapsing runs of white space into one space;
 * - letters and digits of the scripts of our locales (Latin ASCII, Han, kana, Hangul, Thai), single
 *   spaces, `_` and `-`, with at least one letter: no look-alike scripts (a Cyrillic `а` for a Latin `a`);
 * - unique regardless of case (`nicknameKey`), so nobody can pose as `trader-7f3k2a`.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { wireText } from '../auth/calls';

export const NICKNAME_MIN = 3;
export const NICKNAME_MAX = 20;
/** More digits than this look like a phone number or an account number. */
export const NICKNAME_DIGITS_MAX = 4;
/** Generated aliases: this prefix and `ALIAS_LENGTH` characters without 0/O/1/I. */
export const ALIAS_PREFIX = 'Trader-';
export const ALIAS_LENGTH = 6;
const ALIAS_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const ALLOWED = /^[A-Za-z0-9 _\-\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}\p{scx=Thai}]+$/u;
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/gu;
/** Digits and the separators people put between them: a phone number once the separators go. */
const PHONE_LIKE = /\p{Nd}[\s\-_().]*\p{Nd}[\s\-_().]*\p{Nd}[\s\-_().]*\p{Nd}[\s\-_().]*\p{Nd}/u;

/** The form messages a refused nickname names (keys of the form errors in `auth/forms.ts`). */
export type NicknameIssue = 'nickname.length' | 'nickname.contact' | 'nickname.chars';

/** The nickname as it is stored and shown: NFKC-normalized, trimmed, one space between words. */
export const normalizeNickname = (raw: string): string => raw.normalize('NFKC').trim().replace(/\s+/gu, ' ');
/** What uniqueness is checked on: the normalized nickname in lower case. */
export const nicknameKey = (raw: string): string => normalizeNickname(raw).toLowerCase();

/** Whether a public name contains an e-mail address (`@`) or a phone number (5 digits, separators aside). */
export const looksLikeContact = (raw: string): boolean => {
  const v = raw.normalize('NFKC');
  return v.includes('@') || PHONE_LIKE.test(v);
};

/** The first rule a nickname breaks (an `auth` message key), or null when it is acceptable. */
export function nicknameIssue(raw: string): NicknameIssue | null {
  const v = normalizeNickname(raw);
  // Contact data first: an e-mail address is refused as such, however long it is.
  if (/[@.。]/u.test(v) || (v.match(DIGIT)?.length ?? 0) > NICKNAME_DIGITS_MAX || PHONE_LIKE.test(v)) {
    return 'nickname.contact';
  }
  const length = [...v].length;
  if (length < NICKNAME_MIN || length > NICKNAME_MAX) return 'nickname.length';
  if (!ALLOWED.test(v) || !LETTER.test(v)) return 'nickname.chars';
  return null;
}

/** The nickname field of a form: normalized, then checked against every rule above. */
export const nicknameField = z
  .string()
  .transform(normalizeNickname)
  .superRefine((v, ctx) => {
    const issue = nicknameIssue(v);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

export const NicknameForm = z.object({ nickname: nicknameField });
export type NicknameForm = z.infer<typeof NicknameForm>;

/** A fresh alias (`Trader-` and six random characters) that satisfies the rules; uniqueness is the caller's. */
export function randomAlias(): string {
  for (;;) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(ALIAS_LENGTH));
    let out = ALIAS_PREFIX;
    // 256 is a multiple of the alphabet's 32 characters: every character is equally likely.
    for (const b of bytes) out += ALIAS_CHARS[b % ALIAS_CHARS.length];
    if (nicknameIssue(out) === null) return out;
  }
}

export const SetNicknameCall = defineCall({
  method: 'POST',
  path: '/api/user/nickname',
  auth: 'user',
  summary:
    'Change my public nickname (what other users see instead of my e-mail or phone): 3-20 letters, ' +
    'digits, _ or -, unique regardless of case, nothing that looks like an e-mail address or phone number',
  input: z.object({ nickname: wireText(100) }),
  reply: z.string(),
});
