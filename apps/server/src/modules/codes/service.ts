/**
 * Verification codes: 6 random digits, stored only as a salted hash, single use, valid 10
 * minutes, at most one request per destination per resend interval (CODE_RESEND_SECONDS of the contracts:
 * 31 s before a password-reset code, 60 s before any other), and limited per destination and per client
 * address per hour. A code is spent after 5 wrong tries, so guessing has at most
 * 5 tries × CODE_SENDS_PER_DESTINATION_HOUR codes per hour against a million possibilities.
 *
 * No enumeration: every request that passes the rate limits gets the same "sent" reply, whether or not
 * the destination has an account. Where the scene needs an account that does not exist (login, forget),
 * nothing is sent; where it needs one that does not exist yet but does (register, bind), the owner gets
 * a notice instead of a code. Either way a row is recorded, so the limits count it like any other.
 */
import crypto from 'node:crypto';
import { translate } from '@oryx/i18n';
import { CODE_RESEND_SECONDS, CODE_SCENES, type CodeScene } from '@oryx/contracts/auth/calls';
import { SendMailForm, SendSmsForm } from '@oryx/contracts/auth/forms';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/random';
import type { SessionUser } from '../../lib/session';
import { parseForm } from '../../lib/form';
import type { Delivery } from './delivery';
import { codesRepo } from './repo';
import { keepSandboxTicket } from './sandbox-codes';
import {
  emailDestination,
  emailKey,
  findUserByDestination,
  ownDestinationKeys,
  phoneDestination,
  type Channel,
  type Destination,
} from './destination';
import { usersRepo } from '../users/repo';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
const HOUR_MS = 3600_000;

/** What clients may name in `scene` (or `type`), to the purpose a code is issued for. */
const SCENE_ALIASES: Record<string, CodeScene> = {
  login: 'login',
  register: 'register',
  forget: 'forget',
  forgot: 'forget',
  reset: 'forget',
  trade_password: 'trade_password',
  trade: 'trade_password',
  update_password: 'trade_password',
  safe: 'safe',
  address: 'safe',
  bind: 'bind',
  email: 'bind',
  bind_email: 'bind',
  bank: 'bank',
  payment: 'payment',
  cash: 'payment',
};

/**
 * The one purpose a code request is for. `scene` names it (login / register pages, and this app's own
 * pages for every purpose); without one, `type` does. Clients of this API family send the same
 * `type: 'forget'` from the password-reset page and from the transaction-password page, so that one
 * word is resolved by who asks: with a session, for the session user's own phone or e-mail, it is the
 * transaction password (the only code page of the logged-in account area that sends it); otherwise the
 * login-password reset. A request naming neither is for e-mail binding.
 */
export function resolveScene(scene: string, type: string, asker?: { isOwnDestination: boolean }): CodeScene {
  const named = scene.trim().toLowerCase();
  const raw = named || (type || 'bind').trim().toLowerCase();
  // An own property only: `__proto__`, `constructor` or `toString` is no scene.
  const s = Object.hasOwn(SCENE_ALIASES, raw) ? SCENE_ALIASES[raw] : undefined;
  if (!s) throw new AppError('VALIDATION', { detail: `scene must be one of ${CODE_SCENES.join(', ')}` });
  if (!named && s === 'forget' && asker?.isOwnDestination) return 'trade_password';
  return s;
}

/** Purposes whose code goes only to the logged-in user's own phone or e-mail. */
const OWN_DESTINATION_SCENES: ReadonlySet<CodeScene> = new Set(['safe', 'trade_password', 'bank', 'payment']);

export interface SendCodeRequest {
  channel: Channel;
  input: {
    user_string: string;
    scene: string;
    type: string;
    country_code: string;
    area_code: string;
    sandbox_ticket?: string;
  };
  session: SessionUser | null;
  ip: string;
  locale: string;
}

type Outcome = 'code' | 'notice' | 'nothing';

export async function sendCode(ctx: AppContext, deliveries: Record<Channel, Delivery>, r: SendCodeRequest) {
  const { channel, input, session } = r;
  const delivery = deliveries[channel];
  if (delivery.isUnavailable) throw new AppError('SMS_UNAVAILABLE');
  const sessionUser = session ? await usersRepo.byId(ctx.db, session.userId) : undefined;
  let dest: Destination;
  if (channel === 'email') {
    dest = emailDestination(parseForm(SendMailForm, input).user_string);
  } else {
    const phone = parseForm(SendSmsForm, input).user_string;
    dest = phoneDestination(phone, input.area_code || input.country_code, sessionUser?.area_code);
  }
  const isOwnDestination = !!sessionUser && ownDestinationKeys(sessionUser).includes(dest.key);
  const scene = resolveScene(input.scene, input.type, { isOwnDestination });
  if ((OWN_DESTINATION_SCENES.has(scene) || scene === 'bind') && !sessionUser) {
    throw new AppError('AUTH_REQUIRED');
  }
  if (scene === 'bind' && channel !== 'email') {
    throw new AppError('VALIDATION', { detail: 'only an e-mail address can be bound with a code' });
  }

  await enforceSendLimits(ctx, dest.key, r.ip, scene);

  const owner = await findUserByDestination(ctx.db, dest);
  const outcome = outcomeOf(scene, owner, isOwnDestination, sessionUser?.id);

  const now = ctx.clock.now();
  const code = outcome === 'code' ? String(crypto.randomInt(0, 1_000_000)).padStart(6, '0') : '';
  // Recorded (and counted by the limits) before it goes out, usable only once it went out.
  const { id } = await codesRepo.insert(ctx.db, {
    channel,
    destination: dest.key,
    scene,
    code_hash: code ? hashCode(code) : '',
    delivered: 0,
    ip: r.ip.slice(0, 64),
    created_at: now,
    expires_at: now + CODE_TTL_MS,
  });
  if (outcome === 'code') {
    const ticket = input.sandbox_ticket ?? '';
    await keepSandboxTicket(ctx, delivery, { id, scene, ticket, ownerId: owner?.id });
  }

  if (outcome !== 'nothing') {
    // A provider that refused or did not answer (SMS_SEND_FAILED): this code is never usable, the one
    // sent before it stays valid, and the resend pause does not hold the user back.
    await deliverMessage(ctx, delivery, {
      channel,
      dest,
      scene,
      code,
      outcome,
      owner,
      sessionUser,
      r,
    }).catch(async (err: unknown) => {
      await codesRepo.markFailed(ctx.db, id);
      throw err;
    });
  }
  await codesRepo.supersede(ctx.db, dest.key, scene, now, id);
  if (code) await codesRepo.markDelivered(ctx.db, id);
  return translate(r.locale, 'auth.code.sent');
}

/** What a request of `scene` sends: a code, a notice to the owner, or nothing (see the file comment). */
function outcomeOf(
  scene: CodeScene,
  owner: { id: number } | undefined,
  isOwnDestination: boolean,
  sessionUserId: number | undefined,
): Outcome {
  switch (scene) {
    case 'register':
      return owner ? 'notice' : 'code';
    case 'login':
    case 'forget':
      return owner ? 'code' : 'nothing';
    case 'safe':
    case 'trade_password':
    case 'bank':
    case 'payment':
      // Only to the logged-in user's own phone or e-mail: no one else's existence is at stake.
      if (!isOwnDestination) throw new AppError('FORBIDDEN');
      return 'code';
    case 'bind':
      return owner && owner.id !== sessionUserId ? 'notice' : 'code';
  }
}

/** The wait before a `scene` code to a destination that was just sent one (of any scene). */
export function resendIntervalMs(ctx: AppContext, scene: CodeScene): number {
  return (ctx.env.CODE_RESEND_SECONDS ?? CODE_RESEND_SECONDS[scene]) * 1000;
}

async function enforceSendLimits(
  ctx: AppContext,
  destination: string,
  ip: string,
  scene: CodeScene,
): Promise<void> {
  const now = ctx.clock.now();
  const resendMs = resendIntervalMs(ctx, scene);
  const last = await codesRepo.latestForDestination(ctx.db, destination);
  if (last && now - last.created_at < resendMs) {
    throw new AppError('CODE_TOO_SOON', { seconds: Math.ceil((resendMs - (now - last.created_at)) / 1000) });
  }
  const perDestination = await codesRepo.countSince(ctx.db, 'destination', destination, now - HOUR_MS);
  if (perDestination >= ctx.env.CODE_SENDS_PER_DESTINATION_HOUR) throw new AppError('CODE_LIMIT_DESTINATION');
  const perIp = await codesRepo.countSince(ctx.db, 'ip', ip.slice(0, 64), now - HOUR_MS);
  if (perIp >= ctx.env.CODE_SENDS_PER_IP_HOUR) throw new AppError('CODE_LIMIT_IP');
}

/** `<salt>$<sha256(salt:code)>`. Codes live 10 minutes; the salt keeps equal codes from looking equal. */
function hashCode(code: string): string {
  const salt = crypto.randomBytes(8).toString('hex');
  return `${salt}$${sha256(`${salt}:${code}`)}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const a = Buffer.from(sha256(`${salt}:${code}`), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Checks a code sent to one of `destinations` for its purpose (`scenes`: the consuming call's own, one
 * purpose); with `consume` it is used up. Wrong codes count against the newest code of that purpose;
 * the fifth wrong try spends it. Every failure is CODE_INVALID: a wrong code, an expired one, a used one
 * and one issued for another purpose alike. Telling them apart would mean comparing the guess with the
 * destination's other codes, an oracle for guessing them that no attempt counter would cover.
 */
export async function verifyCode(
  ctx: AppContext,
  opts: { destinations: string[]; scenes: CodeScene[]; code: string; consume: boolean },
): Promise<void> {
  const code = opts.code.trim();
  if (opts.destinations.length === 0 || code === '') throw new AppError('CODE_INVALID');
  const now = ctx.clock.now();
  const row = await codesRepo.activeCode(ctx.db, opts.destinations, opts.scenes, now);
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_INVALID');
  if (!codeMatches(row.code_hash, code)) {
    const attempts = row.attempts + 1;
    await codesRepo.countAttempt(ctx.db, row.id, attempts, attempts >= CODE_MAX_ATTEMPTS ? now : undefined);
    throw new AppError('CODE_INVALID');
  }
  if (opts.consume) {
    // A concurrent request used it first: single use holds.
    if (!(await codesRepo.consume(ctx.db, row.id, now))) throw new AppError('CODE_INVALID');
  }
}

/**
 * check_mobile / check_email: clients send only the code. The destination is the one named (when
 * given), else the logged-in user's own, else the last one this address requested a code for.
 */
export async function checkCode(
  ctx: AppContext,
  r: {
    channel: Channel;
    code: string;
    userString: string;
    areaCode: string;
    scene: string;
    type: string;
    session: SessionUser | null;
    ip: string;
    locale: string;
  },
): Promise<string> {
  if (r.code.trim() === '') throw new AppError('AUTH_CODE_REQUIRED');
  const user = r.session ? await usersRepo.byId(ctx.db, r.session.userId) : undefined;
  let destinations: string[];
  if (r.userString.trim()) {
    destinations = [
      r.channel === 'email'
        ? emailKey(r.userString)
        : phoneDestination(r.userString, r.areaCode, user?.area_code).key,
    ];
  } else if (user) {
    destinations = ownDestinationKeys(user);
  } else {
    const last = await codesRepo.lastDestinationFromIp(
      ctx.db,
      r.channel,
      r.ip.slice(0, 64),
      ctx.clock.now() - CODE_TTL_MS,
    );
    destinations = last ? [last.destination] : [];
  }
  const isOwnDestination =
    !!user && destinations.length > 0 && destinations.every((d) => ownDestinationKeys(user).includes(d));
  const scenes = r.scene || r.type ? [resolveScene(r.scene, r.type, { isOwnDestination })] : [...CODE_SCENES];
  await verifyCode(ctx, { destinations, scenes, code: r.code, consume: false });
  return translate(r.locale, 'auth.code.valid');
}

/** The user's anti-phishing phrase ('' when none), set on the security page (modules/security). */
async function antiPhishingPhrase(ctx: AppContext, userId: number): Promise<string> {
  return codesRepo.antiPhishing(ctx.db, userId);
}

/** The code or notice, in the reader's language, with their anti-phishing phrase on an e-mail. */
async function deliverMessage(
  ctx: AppContext,
  delivery: Delivery,
  m: {
    channel: Channel;
    dest: Destination;
    scene: CodeScene;
    code: string;
    outcome: Exclude<Outcome, 'nothing'>;
    owner: { id: number } | undefined;
    sessionUser: { id: number; lang: string } | undefined;
    r: SendCodeRequest;
  },
): Promise<void> {
  const { channel, dest, scene, code, outcome, owner, sessionUser } = m;
  const locale = sessionUser?.lang ?? m.r.locale;
  const purpose = translate(locale, `auth.mail.purpose.${scene}`);
  const t = (key: string) =>
    translate(locale, `auth.mail.${key}`, { code, minutes: CODE_TTL_MS / 60_000, purpose });
  const notice = scene === 'register' ? 'registeredNotice' : 'bindTakenNotice';
  // A code says what it is for (and for nothing else), so a code asked for by someone else stands out.
  const body = t(outcome === 'code' ? 'codeBody' : notice);
  // Every e-mail to an account's owner (or, binding a new address, to the user binding it) carries
  // that user's anti-phishing phrase, when one is set.
  const reader = owner ?? (scene === 'bind' ? sessionUser : undefined);
  const phrase = channel === 'email' && reader ? await antiPhishingPhrase(ctx, reader.id) : '';
  await delivery.deliver({
    channel,
    destination: dest.key,
    scene,
    subject: t(outcome === 'code' ? 'codeSubject' : 'noticeSubject'),
    body: phrase ? `${translate(locale, 'security.mail.antiPhishing', { phrase })}\n\n${body}` : body,
    code,
  });
}
