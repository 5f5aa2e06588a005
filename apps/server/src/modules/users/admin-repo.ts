/**
 * SQL of the `users` table for operators and other areas' views: the console's search and profile
 * (with the user's restrictions), the staff role, counts for the dashboard and queues, and the logins
 * shown beside the operators and users other lists name.
 */
import { sql } from 'kysely';
import type { UserRole } from '@oryx/contracts/console/roles';
import type { Db } from '../../db/connection';
import { pagedQuery, type PageAt } from '../../lib/paging';

const ADMIN_COLUMNS = [
  'u.id',
  'u.email',
  'u.phone',
  'u.account_number',
  'u.role',
  'u.is_seller',
  'u.review_status',
  'u.created_at',
  'r.login',
  'r.trade',
  'r.withdraw',
  'r.reason',
] as const;

const withRestrictions = (db: Db) =>
  db.selectFrom('users as u').leftJoin('user_restrictions as r', 'r.user_id', 'u.id');

/** How a user signs in, as lists show them beside an action. */
export interface UserLogin {
  email: string | null;
  phone: string | null;
  account_number: string;
}

export const userAdminRepo = {
  /** Users whose id is `q` or whose e-mail, phone or account contains it, newest first. */
  search(db: Db, q: string, at: PageAt) {
    let base = withRestrictions(db);
    if (q) {
      const like = `%${q.replace(/[%_\\]/g, '')}%`;
      const asId = /^\d{1,9}$/.test(q) ? Number(q) : -1;
      base = base.where((eb) =>
        eb.or([
          eb('u.id', '=', asId),
          eb('u.email', 'like', like),
          eb('u.phone', 'like', like),
          eb('u.account_number', 'like', like),
        ]),
      );
    }
    return pagedQuery(base, at, (b) => b.select(ADMIN_COLUMNS).orderBy('u.id', 'desc'));
  },

  detail: (db: Db, id: number) =>
    withRestrictions(db)
      .select([...ADMIN_COLUMNS, 'u.nickname', 'u.real_name', 'u.parent_id'])
      .where('u.id', '=', id)
      .executeTakeFirst(),

  inviteeCount: async (db: Db, id: number): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('parent_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  role: (db: Db, id: number): Promise<{ role: UserRole } | undefined> =>
    db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst(),

  async setRole(db: Db, id: number, role: UserRole, now: number): Promise<void> {
    await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', id).execute();
  },

  async exists(db: Db, id: number): Promise<boolean> {
    return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  /** The logins of these users, by id. */
  async logins(db: Db, ids: readonly (number | null)[]): Promise<Map<number, UserLogin>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email', 'phone', 'account_number'])
      .where('id', 'in', wanted)
      .execute();
    return new Map(rows.map(({ id, ...login }) => [id, login]));
  },

  /** Locks these users' rows in id order (PostgreSQL), so actions on them are weighed one at a time. */
  async lockInOrder(trx: Db, ids: readonly number[]): Promise<void> {
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    await trx.selectFrom('users').select('id').where('id', 'in', sorted).orderBy('id').forUpdate().execute();
  },

  /** All users, those created since `since`, and the verified ones. */
  async counts(db: Db, since: number) {
    const r = await db
      .selectFrom('users')
      .select([
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`sum(case when created_at >= ${since} then 1 else 0 end)`.as('fresh'),
        sql<number>`sum(case when review_status = 2 then 1 else 0 end)`.as('verified'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(r.total), new_24h: Number(r.fresh ?? 0), verified: Number(r.verified ?? 0) };
  },

  /** Identity reviews waiting for an operator. */
  reviewsWaiting: async (db: Db): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('review_status', '=', 1)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
};
