/**
 * SQL of the invite tree (`users.parent_id`) for modules/team: parents, children, branches and team
 * sizes, each bounded in depth by the caller.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { pagedQuery, type PageAt } from '../../lib/paging';

/** Ids per query when a branch is read in parts (well under every database's parameter limit). */
export const IDS_PER_QUERY = 500;

export const userTreeRepo = {
  /** The inviter of a user (null for none, undefined for no such user). */
  async parentId(db: Db, userId: number): Promise<number | null | undefined> {
    const row = await db.selectFrom('users').select('parent_id').where('id', '=', userId).executeTakeFirst();
    return row === undefined ? undefined : row.parent_id;
  },

  /** Members under a user (all depths down to `depthMax`) and how many of them are verified. */
  async teamSize(db: Db, rootId: number, depthMax: number): Promise<{ members: number; verified: number }> {
    const r = await sql<{
      members: number | string | bigint | null;
      verified: number | string | bigint | null;
    }>`
      WITH RECURSIVE tree(id, review_status, depth) AS (
        SELECT id, review_status, 1 FROM users WHERE parent_id = ${rootId}
        UNION ALL
        SELECT u.id, u.review_status, t.depth + 1 FROM users u JOIN tree t ON u.parent_id = t.id
        WHERE t.depth < ${depthMax}
      )
      SELECT COUNT(*) AS members, SUM(CASE WHEN review_status = 2 THEN 1 ELSE 0 END) AS verified FROM tree`.execute(
      db,
    );
    const row = r.rows[0];
    return { members: Number(row?.members ?? 0), verified: Number(row?.verified ?? 0) };
  },

  /** A user and everyone under them down to `depth` levels (the user is level 1). */
  async branchIds(db: Db, memberId: number, depth: number): Promise<number[]> {
    const r = await sql<{ id: number }>`
      WITH RECURSIVE branch(id, depth) AS (
        SELECT id, 1 FROM users WHERE id = ${memberId}
        UNION ALL
        SELECT u.id, b.depth + 1 FROM users u JOIN branch b ON u.parent_id = b.id WHERE b.depth < ${depth}
      )
      SELECT id FROM branch`.execute(db);
    return r.rows.map((row) => Number(row.id));
  },

  /** The direct invitees of a user, newest first. */
  children(db: Db, parentId: number, limit: number) {
    return childrenOf(db, parentId).select(CHILD_COLUMNS).orderBy('id', 'desc').limit(limit).execute();
  },

  /** One page of the direct invitees of a user, newest first, with their count. */
  childrenPage(db: Db, parentId: number, at: PageAt) {
    return pagedQuery(childrenOf(db, parentId), at, (q) => q.select(CHILD_COLUMNS).orderBy('id', 'desc'));
  },
};

const CHILD_COLUMNS = ['id', 'nickname', 'created_at', 'review_status'] as const;

const childrenOf = (db: Db, parentId: number) => db.selectFrom('users').where('parent_id', '=', parentId);
