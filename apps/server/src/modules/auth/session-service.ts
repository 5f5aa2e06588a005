import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/random';

export interface SessionUser {
  userId: number;
  sessionId: number;
  role: 'user' | 'admin';
  lang: string;
}

/**
 * Session tokens: 32 random bytes, given to the client once; only their sha256 is stored, so a database
 * leak yields no usable token. Revocable one by one (logout) or all at once (password change).
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  async create(userId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
    const token = randomToken(32);
    const now = this.clock.now();
    await this.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        created_at: now,
        expires_at: now + this.ttlMs,
        revoked_at: null,
        ip: (meta.ip ?? '').slice(0, 64),
        user_agent: (meta.userAgent ?? '').slice(0, 256),
      })
      .execute();
    return token;
  }

  async verify(token: string): Promise<SessionUser | null> {
    if (token.length < 20 || token.length > 200) return null;
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as session_id',
        'sessions.expires_at',
        'sessions.revoked_at',
        'users.id as user_id',
        'users.role',
        'users.lang',
      ])
      .where('sessions.token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at <= this.clock.now()) return null;
    return { userId: row.user_id, sessionId: row.session_id, role: row.role, lang: row.lang };
  }

  async revoke(token: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('token_hash', '=', sha256(token))
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}

/** `Authorization: <token>` (raw, as existing clients send it) or `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const t = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return t.length > 0 ? t : null;
}
