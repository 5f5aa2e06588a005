/**
 * The one way a password is checked: `checkPassword` (login, change password, the nickname call,
 * transaction passwords in every area). It first takes room on each counter that applies, with a
 * conditional UPDATE (the counter, not a read of it, decides), then runs scrypt, then counts a wrong
 * answer or gives the room back. Only wrong answers are counted: concurrent right passwords are never
 * taken for guesses, they wait for room while the counter's running checks fill it (on one process or
 * several, a burst gets no more scrypt checks at once than the wrong answers the counter has left). A
 * spent counter refuses before the password is looked at, so a lock cannot be used to test passwords.
 * Unknown accounts are counted exactly like known ones.
 *
 * The owner is not locked out by others: while the account-wide counter refuses, a login that first
 * proves a second factor (the authenticator, or a login code sent to the account: auth/service.ts) has
 * its password checked without that counter, under the per-address ones.
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
import type { ErrorCode } from '@oryx/contracts/errors';
import { formatExchangeTime } from '@oryx/contracts/time';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { ownDestinationKeys } from '../codes/destination';
import { hashPassword, verifyPassword } from './password';
import { throttleRepo } from './throttle-repo';

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

/** A hash of a random password per work factor: unknown accounts cost the same scrypt work as known ones. */
const dummyHashes = new Map<number, Promise<string>>();
const getDummyHash = (log2N: number) => {
  let hash = dummyHashes.get(log2N);
  if (!hash) dummyHashes.set(log2N, (hash = hashPassword(`no-such-account-${Math.random()}`, log2N)));
  return hash;
};

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
  opts: { isSecondFactorProven?: boolean } = {},
): Promise<boolean> {
  let counters = countersOf(ctx, subject);
  // A proven second factor is the owner: the account-wide pause others caused does not hold them.
  if (opts.isSecondFactorProven && subject.kind === 'login') {
    counters = counters.filter((c) => c.key !== accountKey(subject));
  }
  const answer = await countedCheck(ctx, counters, async () => {
    const ok = storedHash
      ? await verifyPassword(password, storedHash)
      : (await verifyPassword(password, await getDummyHash(ctx.env.PASSWORD_HASH_LOG2N)), false);
    return ok ? 'right' : 'wrong';
  });
  return answer === 'right';
}

/** Whether the account-wide counter refuses password checks of this login now (AUTH_ACCOUNT_LOCKED). */
export async function isAccountPaused(
  ctx: AppContext,
  subject: { account: string; userId: number | null },
): Promise<boolean> {
  const row = await throttleRepo.counter(ctx.db, accountKey(subject));
  if (!row) return false;
  const now = ctx.clock.now();
  const isWindowLive = Number(row.window_start) > now - FAILURE_WINDOW_MS;
  return Number(row.locked_until) > now || (isWindowLive && row.attempts >= ACCOUNT_FAILURES);
}

/**
 * A second-factor code (two-factor authentication, `auth/two-factor.ts`) under the same rules:
 * `2fa:<user id>`, FAILURES_PER_SUBJECT wrong codes lock them for 15 minutes (TWO_FACTOR_LOCKED), so six
 * digits cannot be guessed. `check` runs only when room could be taken; a code already used (`repeat`:
 * the same login sent twice) is refused without being counted.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  userId: number,
  check: () => Promise<CheckAnswer>,
): Promise<CheckAnswer> {
  const counter: Counter = {
    key: `2fa:${userId}`,
    limit: FAILURES_PER_SUBJECT,
    code: 'TWO_FACTOR_LOCKED',
    clearsOnSuccess: true,
    lockMs: fixedLock,
  };
  return countedCheck(ctx, [counter], check);
}

/**
 * What a check answered: right, wrong, or `repeat` (a right answer already used, such as a two-factor
 * code sent twice at once): neither a success nor a guess, so it is not counted.
 */
export type CheckAnswer = 'right' | 'wrong' | 'repeat';

/**
 * Takes room on each counter (waiting while other checks of it are running), runs `check`, then counts
 * a wrong answer or gives the room back. Only wrong answers are counted: right ones never lock anyone.
 */
async function countedCheck(
  ctx: AppContext,
  counters: Counter[],
  check: () => Promise<CheckAnswer>,
): Promise<CheckAnswer> {
  const reserved: Counter[] = [];
  const now = ctx.clock.now();
  for (const counter of counters) {
    if (!(await reserveWaiting(ctx, counter, now))) {
      for (const r of reserved) await release(ctx, r, { clears: false, now });
      throw lockError(ctx, counter.code, await refusedUntil(ctx, counter.key, now));
    }
    reserved.push(counter);
  }

  let answer: CheckAnswer;
  try {
    answer = await check();
  } catch (err) {
    for (const r of reserved) await release(ctx, r, { clears: false, now });
    throw err;
  }

  if (answer !== 'wrong') {
    for (const r of reserved) await release(ctx, r, { clears: answer === 'right' && r.clearsOnSuccess, now });
    return answer;
  }
  // The wrong answer is counted on every counter; the first counter it spends names the refusal.
  let started: AppError | null = null;
  const failedAt = ctx.clock.now();
  for (const r of reserved) {
    const until = await countFailure(ctx, r, failedAt);
    if (until !== null && !started) started = lockError(ctx, r.code, until);
  }
  if (started) throw started;
  return 'wrong';
}

/** After a password reset: every lock and failure of the account (from all addresses) and its user. */
export async function clearLoginFailures(ctx: AppContext, accounts: string[], userId: number): Promise<void> {
  await throttleRepo.clear(
    ctx.db,
    [`login-user:${userId}`, ...accounts.map((a) => `login-account:${a}`)],
    accounts.map((a) => pairKey(a, '')),
  );
}

/** A check that never answered (its process ended) stops holding room after this long. */
export const PENDING_STALE_MS = 60_000;
/** How long a check waits, in real time, for room that running checks of its counter hold. */
const ROOM_WAIT_MS = 10_000;
const ROOM_POLL_MS = 15;

/**
 * Takes room for one check on the counter, atomically: only when it is not locked and its wrong
 * answers plus its running checks leave room under the limit (a window that has ended starts a new one).
 * When only running checks fill it, waits for them to answer: a burst of right passwords is served,
 * slowed, never refused, while no burst gets more checks at once than wrong answers it has left.
 * Returns false when the counter refuses (locked, or its window holds the limit of wrong answers).
 */
async function reserveWaiting(ctx: AppContext, counter: Counter, now: number): Promise<boolean> {
  await throttleRepo.ensure(ctx.db, counter.key, now);
  const expired = now - FAILURE_WINDOW_MS;
  const room = { now, windowStartsAfter: expired, staleBefore: now - PENDING_STALE_MS, limit: counter.limit };
  const giveUpAt = Date.now() + ROOM_WAIT_MS;
  for (;;) {
    if (await throttleRepo.takeRoom(ctx.db, counter.key, room)) return true;
    const state = await throttleRepo.counter(ctx.db, counter.key);
    if (!state) return reserveWaiting(ctx, counter, now); // cleared meanwhile: start again
    const isWindowLive = Number(state.window_start) > expired;
    if (Number(state.locked_until) > now || (isWindowLive && state.attempts >= counter.limit)) return false;
    if (Date.now() >= giveUpAt) return false;
    await new Promise((resolve) => setTimeout(resolve, ROOM_POLL_MS));
  }
}

/**
 * A check answered without a wrong answer: its room goes back; a right answer to a counter that
 * `clearsOnSuccess` clears its wrong answers and lock. A row left with nothing to remember goes.
 */
async function release(
  ctx: AppContext,
  counter: Counter,
  opts: { clears: boolean; now: number },
): Promise<void> {
  await throttleRepo.giveRoomBack(ctx.db, counter.key, opts.clears);
  await throttleRepo.dropIfIdle(ctx.db, counter.key, opts.now);
}

/**
 * A wrong answer: counted, and when the counter's window is full, the counter is locked (once: a
 * compare-and-set on the row as read, so concurrent failures start one lock). Returns the end of the
 * lock this failure started.
 */
async function countFailure(ctx: AppContext, counter: Counter, now: number): Promise<number | null> {
  await throttleRepo.countWrong(ctx.db, counter.key);
  const row = await throttleRepo.counter(ctx.db, counter.key);
  if (!row || row.attempts < counter.limit || Number(row.locked_until) > now) return null;
  const lockedUntil = Number(row.locked_until);
  const strikes = lockedUntil > 0 && now - lockedUntil < ACCOUNT_STRIKES_FORGOTTEN_MS ? row.strikes : 0;
  const until = now + counter.lockMs(strikes);
  const read = { window_start: row.window_start, locked_until: lockedUntil, strikes: row.strikes };
  const isLocked = await throttleRepo.lockIfUnchanged(ctx.db, counter.key, read, {
    until,
    strikes: strikes + 1,
  });
  return isLocked ? until : null;
}

/** Until when a refused counter stays refused: its lock, or the end of a window spent by running checks. */
async function refusedUntil(ctx: AppContext, key: string, now: number): Promise<number> {
  const row = await throttleRepo.counter(ctx.db, key);
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
