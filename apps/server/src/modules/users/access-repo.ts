/**
 * SQL of the `users` table for other areas' rules: the session lookup (session, user and restrictions in
 * one read), finding a user by a code's destination, identity review states, mail settings, staff lists.
 */
import type { UserRole } from '@oryx/contracts/console/roles';
import type { Db } from '../../db/connection';

export const userAccessRepo = {
  /** A session by its token's hash or id, with its user's role, language and restrictions. */
  sessionWithUser: (db: Db, by: 'token_hash' | 'id', value: string | number) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('user_restrictions as r', 'r.user_id', 'sessions.user_id')
      .select([
        'r.login as frozen_login',
        'r.trade as frozen_trade',
        'r.withdraw as frozen_withdraw',
        'sessions.id as session_id',
        'sessions.token_hash',
        'sessions.expires_at',
        'sessions.revoked_at',
        'users.id as user_id',
        'users.role',
        'users.lang',
        'users.trade_password_hash',
      ])
      .where(by === 'id' ? 'sessions.id' : 'sessions.token_hash', '=', value)
      .executeTakeFirst(),

  /** A user's role, transaction password and restrictions (an API key's request: modules/binance). */
  userWithRestrictions: (db: Db, userId: number) =>
    db
      .selectFrom('users')
      .leftJoin('user_restrictions as r', 'r.user_id', 'users.id')
      .select([
        'r.login as frozen_login',
        'r.trade as frozen_trade',
        'users.id as user_id',
        'users.trade_password_hash',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst(),

  byEmail: (db: Db, email: string) =>
    db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

  byPhone: (db: Db, areaCode: string, phone: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where('area_code', '=', areaCode)
      .where('phone', '=', phone)
      .executeTakeFirst(),

  /** Moves the identity review status from `from` to `to`; false when it was not `from`. */
  async moveReviewStatus(db: Db, id: number, from: number, to: number, now: number): Promise<boolean> {
    const r = await db
      .updateTable('users')
      .set({ review_status: to, updated_at: now })
      .where('id', '=', id)
      .where('review_status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Sets the review status (and the real name a certification confirms). */
  async setReviewStatus(db: Db, id: number, status: number, realName: string | undefined, now: number) {
    await db
      .updateTable('users')
      .set({
        review_status: status,
        ...(realName === undefined ? {} : { real_name: realName }),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  },

  /** A user's e-mail, language and anti-phishing phrase, what a notification mail needs. */
  mailSettings: (db: Db, id: number) =>
    db
      .selectFrom('users')
      .leftJoin('user_security as s', 's.user_id', 'users.id')
      .select(['users.email', 'users.lang', 's.anti_phishing'])
      .where('users.id', '=', id)
      .executeTakeFirst(),

  /** Staff with one of these roles, by id (at most `max`). */
  staffIds: async (db: Db, roles: readonly UserRole[], max: number): Promise<number[]> =>
    (
      await db
        .selectFrom('users')
        .select('id')
        .where('role', 'in', [...roles])
        .orderBy('id')
        .limit(max)
        .execute()
    ).map((r) => r.id),

  /** The ids of these e-mails' users, by e-mail. */
  async idsByEmail(db: Db, emails: readonly string[]): Promise<Map<string, number>> {
    if (emails.length === 0) return new Map();
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', [...emails])
      .execute();
    return new Map(rows.flatMap((r) => (r.email === null ? [] : [[r.email, r.id] as const])));
  },
};
