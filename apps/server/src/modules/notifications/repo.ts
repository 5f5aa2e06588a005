/** SQL of the notifications table (db/migrations/1100_notifications.ts). */
import type { Db } from '../../db/connection';
import { pagedQuery } from '../../lib/paging';

export interface NotificationRow {
  id: number;
  user_id: number;
  kind: string;
  params: string;
  created_at: number;
  read_at: number | null;
  delivered_at: number | null;
}

export interface NewNotificationRow {
  user_id: number;
  kind: string;
  params: string;
  created_at: number;
}

/** Rows per INSERT statement (well within both databases' parameter limits). */
const ROWS_PER_INSERT = 500;

export const notificationsRepo = {
  async insertMany(db: Db, rows: readonly NewNotificationRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const part = rows
        .slice(i, i + ROWS_PER_INSERT)
        .map((r) => ({ ...r, read_at: null, delivered_at: null }));
      await db.insertInto('notifications').values(part).execute();
    }
  },

  async page(db: Db, userId: number, q: { offset: number; limit: number; unreadOnly: boolean }) {
    let base = db.selectFrom('notifications').where('user_id', '=', userId);
    if (q.unreadOnly) base = base.where('read_at', 'is', null);
    const { rows, total } = await pagedQuery(base, q, (b) => b.selectAll().orderBy('id', 'desc'));
    return { rows: rows as NotificationRow[], total };
  },

  async unreadCount(db: Db, userId: number): Promise<number> {
    const r = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** Marks the user's own row (`id`) or all their unread rows read; a stranger's id changes nothing. */
  async markRead(db: Db, userId: number, id: number | 'all', at: number): Promise<number> {
    let q = db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (id !== 'all') q = q.where('id', '=', id);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async undelivered(db: Db, limit: number): Promise<NotificationRow[]> {
    const rows = await db
      .selectFrom('notifications')
      .selectAll()
      .where('delivered_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows as NotificationRow[];
  },

  /**
   * Claims rows for delivery in one statement: the ids this call marked (another process may have
   * taken some first). One conditional UPDATE per pass, not one per row: on SQLite each statement
   * outside a transaction is a commit of its own.
   */
  async claim(db: Db, ids: readonly number[], at: number): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const claimed = await db
      .updateTable('notifications')
      .set({ delivered_at: at })
      .where('id', 'in', [...ids])
      .where('delivered_at', 'is', null)
      .returning('id')
      .execute();
    return new Set(claimed.map((c) => Number(c.id)));
  },

  /** The browsers of a user's latest sessions (at most `max`), newest first. */
  recentUserAgents: async (db: Db, userId: number, max: number): Promise<string[]> =>
    (
      await db
        .selectFrom('sessions')
        .select(['user_agent'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(max)
        .execute()
    ).map((r) => r.user_agent),
};
