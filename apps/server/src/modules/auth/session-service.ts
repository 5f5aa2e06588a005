import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/random';
import type { SessionUser } from '../../lib/session';
import { cookieKey, cookieMatches, cookieSessionId, cookieValue } from './session-cookie';
import { userAccessRepo } from '../users/access-repo';
import { authRepo } from './repo';

/** How long a verified session is trusted from memory before the database is asked again. */
export const SESSION_CACHE_MS = 5_000;
/** Tokens remembered at most (least recently verified dropped first). */
const SESSION_CACHE_MAX = 10_000;

/** A session that ended (logout, password change, an operator's freeze): its sockets leave at once. */
export interface EndedSession {
  userId: number;
  sessionId: number;
}

interface CachedSession {
  user: SessionUser;
  expiresAt: number;
  /** Clock time after which the row is read again. */
  checkAgainAt: number;
}

/**
 * Session tokens: 32 random bytes, given to the client once; only their sha256 is stored, so a database
 * leak yields no usable token. Revocable one by one (logout) or all at once (password change).
 *
 * Every request carries its token, so `verify` remembers a good session for SESSION_CACHE_MS (so
 * the order path does not read `sessions` + `users` per request, nor waits for the one SQLite
 * connection while the spot committer's transaction holds it). The bound: a logout, a password change
 * or a language change made through THIS process takes effect at once (`revoke`, `revokeAllForUser`,
 * `forgetUser`); one made by another process or straight in the database is seen within
 * SESSION_CACHE_MS. Expiry is still checked against the clock on every call. Only good sessions are
 * remembered: an unknown or revoked token is looked up every time.
 */
export class SessionService {
  private readonly cache = new Map<string, CachedSession>();
  /** Bumped by every forget: a lookup that started before it does not remember its answer. */
  private generation = 0;
  /**
   * Told of every session this service ends (app.ts points it at the realtime, whose sockets joined with
   * those sessions leave the user's room on every process).
   */
  onEnded: (ended: EndedSession[]) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  async create(userId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
    const token = randomToken(32);
    const now = this.clock.now();
    await authRepo.insertSession(this.db, {
      user_id: userId,
      token_hash: sha256(token),
      created_at: now,
      expires_at: now + this.ttlMs,
      revoked_at: null,
      ip: (meta.ip ?? '').slice(0, 64),
      user_agent: (meta.userAgent ?? '').slice(0, 256),
    });
    return token;
  }

  async verify(token: string): Promise<SessionUser | null> {
    if (token.length < 20 || token.length > 200) return null;
    const now = this.clock.now();
    const hit = this.cache.get(token);
    if (hit) {
      if (now < hit.checkAgainAt && now >= hit.checkAgainAt - SESSION_CACHE_MS) {
        return hit.expiresAt <= now ? null : { ...hit.user };
      }
      this.cache.delete(token);
    }
    const generation = this.generation;
    const found = await this.lookup('token_hash', sha256(token));
    if (!found) return null;
    const { user, expiresAt } = found;
    if (generation !== this.generation) return { ...user };
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(token, { user, expiresAt, checkAgainAt: now + SESSION_CACHE_MS });
    return { ...user };
  }

  /** The session cookie for a good token (session-cookie.ts), or null. */
  async cookieFor(token: string): Promise<string | null> {
    const session = await this.verify(token);
    if (!session) return null;
    return cookieValue(await cookieKey(this.db, this.clock.now()), session.sessionId, sha256(token));
  }

  /**
   * The session a session cookie proves, or null (not ours, forged, or its session ended). Read from the
   * database every time: a cookie is checked on a socket's login and on a few reads, not on every call.
   */
  async verifyCookie(value: string | null): Promise<SessionUser | null> {
    const sessionId = cookieSessionId(value);
    if (sessionId === null || value === null) return null;
    const found = await this.lookup('id', sessionId);
    if (!found) return null;
    const key = await cookieKey(this.db, this.clock.now());
    return cookieMatches(key, value, sessionId, found.tokenHash) ? found.user : null;
  }

  /** A live session by its token's hash or its id, with its user; null if ended, expired or frozen. */
  private async lookup(
    by: 'token_hash' | 'id',
    value: string | number,
  ): Promise<{ user: SessionUser; expiresAt: number; tokenHash: string } | null> {
    const row = await userAccessRepo.sessionWithUser(this.db, by, value);
    if (!row || row.revoked_at !== null || row.expires_at <= this.clock.now()) return null;
    // An operator's login freeze ends the user's sessions too (modules/console); this catches a session
    // read before that revocation landed.
    if (row.frozen_login === 1) return null;
    const user: SessionUser = {
      userId: row.user_id,
      sessionId: row.session_id,
      role: row.role,
      lang: row.lang,
      hasTradePassword: row.trade_password_hash !== null,
      restrictions: { trade: row.frozen_trade === 1, withdraw: row.frozen_withdraw === 1 },
      expiresAt: row.expires_at,
    };
    return { user, expiresAt: row.expires_at, tokenHash: row.token_hash };
  }

  /**
   * Drops what this process remembers of the user's sessions (their role, language or transaction
   * password changed).
   */
  forgetUser(userId: number): void {
    this.generation++;
    for (const [token, c] of this.cache) if (c.user.userId === userId) this.cache.delete(token);
  }

  /** Forgets the token before and after the update: no lookup running meanwhile can remember it. */
  async revoke(token: string): Promise<void> {
    this.forgetToken(token);
    const ended = await authRepo.endByTokenHash(this.db, sha256(token), this.clock.now());
    this.forgetToken(token);
    this.announce(ended);
  }

  private forgetToken(token: string): void {
    this.generation++;
    this.cache.delete(token);
  }

  /** Ends every open session of the user (password change or reset, an operator's freeze). */
  async revokeAllForUser(userId: number): Promise<void> {
    await this.revokeWhere(userId, () => true);
  }

  /** Ends one session of the user ("log out this one"); false when it is not theirs or already ended. */
  async revokeOne(userId: number, sessionId: number): Promise<boolean> {
    return (await this.revokeWhere(userId, (id) => id === sessionId)) > 0;
  }

  /** Ends every session of the user but `keepSessionId` ("log out all others"); how many ended. */
  async revokeOthers(userId: number, keepSessionId: number): Promise<number> {
    return this.revokeWhere(userId, (id) => id !== keepSessionId);
  }

  private async revokeWhere(userId: number, pick: (sessionId: number) => boolean): Promise<number> {
    this.forgetUser(userId);
    const ids = (await authRepo.openSessionIds(this.db, userId)).filter(pick);
    if (ids.length === 0) return 0;
    const ended = await authRepo.endSessions(this.db, userId, ids, this.clock.now());
    this.forgetUser(userId);
    this.announce(ended);
    return ended.length;
  }

  private announce(ended: EndedSession[]): void {
    if (ended.length > 0) this.onEnded(ended);
  }
}

/** `Authorization: <token>` (raw, as existing clients send it) or `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const t = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return t.length > 0 ? t : null;
}
