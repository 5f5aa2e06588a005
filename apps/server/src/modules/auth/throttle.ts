/**
 * Wrong-password records and locks:
 * - login: 5 wrong passwords for one account from one address within 15 minutes lock that pair for 15
 *   minutes; LOGIN_FAILURES_PER_IP wrong passwords from one address across accounts within 15 minutes
 *   throttle that address for 15 minutes. A locked pair is refused before the password is looked at, so
 *   a lock cannot be used to test passwords. Unknown accounts are counted exactly like known ones.
 * - trade: 5 wrong transaction passwords of one user within 15 minutes lock it for 15 minutes.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { formatExchangeTime } from '@oryx/contracts/time';

export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
export const FAILURES_PER_SUBJECT = 5;

type Kind = 'login' | 'trade';

const pairKey = (kind: Kind, subject: string, ip: string) => `${kind}:${subject}|${ip}`;
const subjectKey = (kind: Kind, subject: string) => `${kind}:${subject}`;
const ipKey = (kind: Kind, ip: string) => `${kind}-ip:${ip}`;

async function lockedUntil(ctx: AppContext, key: string): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('auth_locks')
    .select('locked_until')
    .where('lock_key', '=', key)
    .executeTakeFirst();
  return row && row.locked_until > ctx.clock.now() ? row.locked_until : null;
}

async function setLock(ctx: AppContext, key: string, until: number): Promise<void> {
  await ctx.db.deleteFrom('auth_locks').where('lock_key', '=', key).execute();
  await ctx.db.insertInto('auth_locks').values({ lock_key: key, locked_until: until }).execute();
}

const untilParams = (ctx: AppContext, until: number) => ({
  until: formatExchangeTime(until),
  minutes: Math.max(1, Math.ceil((until - ctx.clock.now()) / 60_000)),
});

/** Throws when the account is locked for this address, or the address is throttled. */
export async function assertLoginAllowed(ctx: AppContext, account: string, ip: string): Promise<void> {
  const pair = await lockedUntil(ctx, pairKey('login', account, ip));
  if (pair) throw new AppError('AUTH_LOGIN_LOCKED', untilParams(ctx, pair));
  const byIp = await lockedUntil(ctx, ipKey('login', ip));
  if (byIp) throw new AppError('AUTH_LOGIN_THROTTLED', untilParams(ctx, byIp));
}

/** Records a wrong login password; throws the lock error when this failure starts a lock. */
export async function recordLoginFailure(ctx: AppContext, account: string, ip: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('auth_failures')
    .values({ kind: 'login', subject: account, ip, created_at: now })
    .execute();
  const since = now - FAILURE_WINDOW_MS;
  const pairCount = await countFailures(ctx, 'login', since, { subject: account, ip });
  if (pairCount >= FAILURES_PER_SUBJECT) {
    await setLock(ctx, pairKey('login', account, ip), now + LOCK_MS);
    throw new AppError('AUTH_LOGIN_LOCKED', untilParams(ctx, now + LOCK_MS));
  }
  const ipCount = await countFailures(ctx, 'login', since, { ip });
  if (ipCount >= ctx.env.LOGIN_FAILURES_PER_IP) {
    await setLock(ctx, ipKey('login', ip), now + LOCK_MS);
    throw new AppError('AUTH_LOGIN_THROTTLED', untilParams(ctx, now + LOCK_MS));
  }
}

/** After a successful login or a password reset, the account's pair records and locks are cleared. */
export async function clearLoginFailures(ctx: AppContext, account: string, ip?: string): Promise<void> {
  let q = ctx.db.deleteFrom('auth_failures').where('kind', '=', 'login').where('subject', '=', account);
  if (ip !== undefined) q = q.where('ip', '=', ip);
  await q.execute();
  if (ip !== undefined) {
    await ctx.db
      .deleteFrom('auth_locks')
      .where('lock_key', '=', pairKey('login', account, ip))
      .execute();
  } else {
    // Every address's lock on this account (a prefix match without LIKE, whose wildcards e-mails contain).
    const prefix = pairKey('login', account, '');
    await ctx.db
      .deleteFrom('auth_locks')
      .where(sql<string>`substr(lock_key, 1, ${prefix.length})`, '=', prefix)
      .execute();
  }
}

export async function assertTradeAllowed(ctx: AppContext, userId: number): Promise<void> {
  const until = await lockedUntil(ctx, subjectKey('trade', String(userId)));
  if (until) throw new AppError('TRADE_PASSWORD_LOCKED', untilParams(ctx, until));
}

export async function recordTradeFailure(ctx: AppContext, userId: number, ip: string): Promise<void> {
  const now = ctx.clock.now();
  const subject = String(userId);
  await ctx.db.insertInto('auth_failures').values({ kind: 'trade', subject, ip, created_at: now }).execute();
  const count = await countFailures(ctx, 'trade', now - FAILURE_WINDOW_MS, { subject });
  if (count >= FAILURES_PER_SUBJECT) {
    await setLock(ctx, subjectKey('trade', subject), now + LOCK_MS);
    throw new AppError('TRADE_PASSWORD_LOCKED', untilParams(ctx, now + LOCK_MS));
  }
}

export async function clearTradeFailures(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db
    .deleteFrom('auth_failures')
    .where('kind', '=', 'trade')
    .where('subject', '=', String(userId))
    .execute();
  await ctx.db
    .deleteFrom('auth_locks')
    .where('lock_key', '=', subjectKey('trade', String(userId)))
    .execute();
}

async function countFailures(
  ctx: AppContext,
  kind: Kind,
  since: number,
  by: { subject?: string; ip?: string },
): Promise<number> {
  let q = ctx.db
    .selectFrom('auth_failures')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('kind', '=', kind)
    .where('created_at', '>', since);
  if (by.subject !== undefined) q = q.where('subject', '=', by.subject);
  if (by.ip !== undefined) q = q.where('ip', '=', by.ip);
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}
