/**
 * The one way a password is checked: `checkPassword` (login, change password, the nickname call,
 * transaction passwords in every area). It first reserves an attempt on each counter that applies, with
 * a conditional UPDATE (the counter, not a read of it, decides: a burst of concurrent requests, on one
 * process or several, gets no more scrypt checks than the limit), then runs scrypt, then keeps the
 * attempt as a failure or gives it back. A spent counter refuses before the password is looked at, so a
 * lock cannot be used to test passwords. Unknown accounts are counted exactly like known ones.
 *
 * Counters (a window opens at a counter's first attempt and lasts 15 minutes):
 * - `login:<account>|<ip>`: 5 wrong login passwords for one account from one address lock that pair for
 *   15 minutes (AUTH_LOGIN_LOCKED). A right password clears the pair.
 * - `login-user:<id>` (`login-account:<account>` for an unknown account): ACCOUNT_FAILURES wrong
 *   passwords from any addresses pause password checks of the account everywhere (AUTH_ACCOUNT_LOCKED):
 *   15 minutes the first time, doubling with each pause that follows within a day of the last one, at
 *   most 24 hours. Never permanent, and a password reset (proven by a code sent to the account) lifts it.
 * - `login-ip:<ip>`: LOGIN_FAILURES_PER_IP wrong passwords from one address across accounts throttle
 *   the address for 15 minutes (AUTH_LOGIN_THROTTLED).
 * - `trade:<user id>`: 5 wrong transaction passwords lock them for 15 minutes (TRADE_PASSWORD_LOCKED).
 * - `2fa:<user id>`: 5 wrong two-factor codes lock them for 15 minutes (TWO_FACTOR_LOCKED).
 */
import { sql } from 'kysely';
import type { ErrorCode } from '@oryx/contracts/errors';
import { formatExchangeTime } from '@oryx/contracts/time';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { ownDestinationKeys } from '../codes/destination';
import { hashPassword, verifyPassword } from './password';

export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
export const FAILURES_PER_SUBJECT = 5;
export const ACCOUNT_FAILURES = 10;
export const ACCOUNT_LOCK_MAX_MS = 24 * 3600_000;
/** A day after its last pause has ended, an account's back-off starts again at 15 minutes. */
export const ACCOUNT_STRIKES_FORGOTTEN_MS = 24 * 3600_000;

/** What a password protects: a login password (of an account as typed, and its user when it exists), or a transaction password. */
export type PasswordSubject =
  | { kind: 'login'; account: string; userId: number | null; ip: string }
  | { kind: 'trade'; userId: number; ip: string };

/** The login counters of a logged-in user's own password check (change password, nickname). */
export function loginSubjectOf(
  user: { id: number; email: string | null; phone: string | null; area_code: string },
  ip: string,
): PasswordSubject {
  const account = ownDestinationKeys(user)[0] ?? String(user.id);
  return { kind: 'login', account, userId: user.id, ip };
}

interface Counter {
  key: string;
  limit: number;
  code: ErrorCode;
  /** A right password clears the counter (its failures and lock), instead of only giving its attempt back. */
  clearsOnSuccess: boolean;
  /** How long a lock lasts, from the number of locks before it. */
  lockMs: (strikes: number) => number;
}

const fixedLock = () => LOCK_MS;
const growingLock = (strikes: number) => Math.min(LOCK_MS * 2 ** Math.min(strikes, 16), ACCOUNT_LOCK_MAX_MS);

export const pairKey = (account: string, ip: string) => `login:${account}|${ip}`;
const accountKey = (s: { account: string; userId: number | null }) =>
  s.userId !== null ? `login-user:${s.userId}` : `login-account:${s.account}`;

function countersOf(ctx: AppContext, s: PasswordSubject): Counter[] {
  if (s.kind === 'trade') {
    return [
      {
        key: `trade:${s.userId}`,
        limit: FAILURES_PER_SUBJECT,
        code: 'TRADE_PASSWORD_LOCKED',
        clearsOnSuccess: true,
        lockMs: fixedLock,
      },
    ];
  }
  // In order of precedence: the first spent counter names the refusal.
  return [
    {
      key: pairKey(s.account, s.ip),
      limit: FAILURES_PER_SUBJECT,
      code: 'AUTH_LOGIN_LOCKED',
      clearsOnSuccess: true,
      lockMs: fixedLock,
    },
    {
      key: accountKey(s),
      limit: ACCOUNT_FAILURES,
      code: 'AUTH_ACCOUNT_LOCKED',
      clearsOnSuccess: false,
      lockMs: growingLock,
    },
    {
      key: `login-ip:${s.ip}`,
      limit: ctx.env.LOGIN_FAILURES_PER_IP,
      code: 'AUTH_LOGIN_THROTTLED',
      clearsOnSuccess: false,
      lockMs: fixedLock,
    },
  ];
}

/** A hash of a random password: unknown accounts cost the same scrypt work as known ones. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(`no-such-account-${Math.random()}`));

/**
 * Checks `password` against `storedHash` (none: an unknown account, checked against a dummy hash and
 * never matching). Returns whether it matches; the caller throws its own refusal when not. Throws the
 * counter's lock error instead when a counter is spent before the check, or when this failure spends it.
 */
export async function checkPassword(
  ctx: AppContext,
  subject: PasswordSubject,
  password: string,
  storedHash: string | null | undefined,
): Promise<boolean> {
  return countedCheck(ctx, countersOf(ctx, subject), async () =>
    storedHash
      ? verifyPassword(password, storedHash)
      : (await verifyPassword(password, await getDummyHash()), false),
  );
}

/**
 * A second-factor code (two-factor authentication, `auth/two-factor.ts`) under the same rules:
 * `2fa:<user id>`, FAILURES_PER_SUBJECT wrong codes lock them for 15 minutes (TWO_FACTOR_LOCKED), so six
 * digits cannot be guessed. `check` runs only when an attempt could be reserved.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  userId: number,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const counter: Counter = {
    key: `2fa:${userId}`,
    limit: FAILURES_PER_SUBJECT,
    code: 'TWO_FACTOR_LOCKED',
    clearsOnSuccess: true,
    lockMs: fixedLock,
  };
  return countedCheck(ctx, [counter], check);
}

/** Reserves an attempt on each counter, runs `check`, then keeps the failure or gives the attempts back. */
async function countedCheck(ctx: AppContext, counters: Counter[], check: () => Promise<boolean>) {
  const reserved: { counter: Counter; windowStart: number }[] = [];
  const now = ctx.clock.now();
  for (const counter of counters) {
    const windowStart = await reserve(ctx, counter, now);
    if (windowStart === null) {
      for (const r of reserved) await giveBack(ctx, r.counter.key, r.windowStart);
      throw lockError(ctx, counter.code, await refusedUntil(ctx, counter.key, now));
    }
    reserved.push({ counter, windowStart });
  }

  const ok = await check();

  if (ok) {
    for (const r of reserved) {
      if (r.counter.clearsOnSuccess) await clearCounter(ctx, r.counter.key);
      else await giveBack(ctx, r.counter.key, r.windowStart);
    }
    return true;
  }
  // The reserved attempts stay as failures; the first counter this failure spends names the refusal.
  let started: AppError | null = null;
  const failedAt = ctx.clock.now();
  for (const r of reserved) {
    const until = await lockIfSpent(ctx, r.counter, r.windowStart, failedAt);
    if (until !== null && !started) started = lockError(ctx, r.counter.code, until);
  }
  if (started) throw started;
  return false;
}

/** After a password reset: every lock and failure of the account (from all addresses) and its user. */
export async function clearLoginFailures(ctx: AppContext, accounts: string[], userId: number): Promise<void> {
  await ctx.db
    .deleteFrom('auth_counters')
    .where((eb) =>
      eb.or([
        eb('counter_key', 'in', [`login-user:${userId}`, ...accounts.map((a) => `login-account:${a}`)]),
        // A prefix match without LIKE, whose wildcards e-mails contain.
        ...accounts.map((a) => {
          const prefix = pairKey(a, '');
          return eb(sql<string>`substr(counter_key, 1, ${prefix.length})`, '=', prefix);
        }),
      ]),
    )
    .execute();
}

/**
 * Takes one attempt from the counter, atomically: only when it is not locked and its window has room
 * (or has ended, which starts a new window). Returns the window the attempt belongs to, or null.
 */
async function reserve(ctx: AppContext, counter: Counter, now: number): Promise<number | null> {
  await ctx.db
    .insertInto('auth_counters')
    .values({ counter_key: counter.key, window_start: now, attempts: 0, locked_until: 0, strikes: 0 })
    .onConflict((oc) => oc.column('counter_key').doNothing())
    .execute();
  const expired = now - FAILURE_WINDOW_MS;
  const row = await ctx.db
    .updateTable('auth_counters')
    .set({
      attempts: sql<number>`case when window_start <= ${expired} then 1 else attempts + 1 end`,
      window_start: sql<number>`case when window_start <= ${expired} then cast(${now} as bigint) else window_start end`,
    })
    .where('counter_key', '=', counter.key)
    .where('locked_until', '<=', now)
    .where((eb) => eb.or([eb('window_start', '<=', expired), eb('attempts', '<', counter.limit)]))
    .returning('window_start')
    .executeTakeFirst();
  return row ? Number(row.window_start) : null;
}

/** Gives a reserved attempt back (a right password), if its window is still the counter's. */
async function giveBack(ctx: AppContext, key: string, windowStart: number): Promise<void> {
  await ctx.db
    .updateTable('auth_counters')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('counter_key', '=', key)
    .where('window_start', '=', windowStart)
    .where('attempts', '>', 0)
    .execute();
}

/** A right password clears the counter: its row goes (so rows are kept only where passwords failed). */
async function clearCounter(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.deleteFrom('auth_counters').where('counter_key', '=', key).execute();
}

/**
 * After a failure: when the counter's window is full, lock it (once: a compare-and-set on the row as
 * read, so concurrent failures start one lock). Returns the end of the lock this failure started.
 */
async function lockIfSpent(
  ctx: AppContext,
  counter: Counter,
  windowStart: number,
  now: number,
): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('auth_counters')
    .select(['attempts', 'locked_until', 'strikes'])
    .where('counter_key', '=', counter.key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  if (!row || row.attempts < counter.limit || Number(row.locked_until) > now) return null;
  const lockedUntil = Number(row.locked_until);
  const strikes = lockedUntil > 0 && now - lockedUntil < ACCOUNT_STRIKES_FORGOTTEN_MS ? row.strikes : 0;
  const until = now + counter.lockMs(strikes);
  const set = await ctx.db
    .updateTable('auth_counters')
    .set({ locked_until: until, strikes: strikes + 1 })
    .where('counter_key', '=', counter.key)
    .where('window_start', '=', windowStart)
    .where('locked_until', '=', lockedUntil)
    .where('strikes', '=', row.strikes)
    .executeTakeFirst();
  return Number(set.numUpdatedRows) > 0 ? until : null;
}

/** Until when a refused counter stays refused: its lock, or the end of a window spent by running checks. */
async function refusedUntil(ctx: AppContext, key: string, now: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('auth_counters')
    .select(['locked_until', 'window_start'])
    .where('counter_key', '=', key)
    .executeTakeFirst();
  if (!row) return now + LOCK_MS;
  const lockedUntil = Number(row.locked_until);
  return lockedUntil > now ? lockedUntil : Number(row.window_start) + FAILURE_WINDOW_MS;
}

function lockError(ctx: AppContext, code: ErrorCode, until: number): AppError {
  return new AppError(code, {
    until: formatExchangeTime(until),
    minutes: Math.max(1, Math.ceil((until - ctx.clock.now()) / 60_000)),
  });
}
