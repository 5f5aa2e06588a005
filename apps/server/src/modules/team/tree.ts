/** The invite tree (`users.parent_id`): ancestors, children and team sizes, bounded in depth. */
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { TREE_DEPTH_MAX } from './config';

/** The chain of inviters above a user, nearest first, at most `depth` of them. */
export async function ancestorsOf(db: Db, userId: number, depth: number): Promise<number[]> {
  const out: number[] = [];
  let current: number | null = userId;
  while (current !== null && out.length < depth) {
    const row: { parent_id: number | null } | undefined = await db
      .selectFrom('users')
      .select('parent_id')
      .where('id', '=', current)
      .executeTakeFirst();
    current = row?.parent_id ?? null;
    if (current !== null) out.push(current);
  }
  return out;
}

/** Whether `memberId` is `rootId` or somewhere under it. */
export async function isInTeam(db: Db, rootId: number, memberId: number): Promise<boolean> {
  if (rootId === memberId) return true;
  return (await ancestorsOf(db, memberId, TREE_DEPTH_MAX)).includes(rootId);
}

/** Members under a user (all depths down to TREE_DEPTH_MAX) and how many of them are verified. */
export async function teamSize(db: Db, rootId: number): Promise<{ members: number; verified: number }> {
  const r = await sql<{
    members: number | string | bigint | null;
    verified: number | string | bigint | null;
  }>`
    WITH RECURSIVE tree(id, review_status, depth) AS (
      SELECT id, review_status, 1 FROM users WHERE parent_id = ${rootId}
      UNION ALL
      SELECT u.id, u.review_status, t.depth + 1 FROM users u JOIN tree t ON u.parent_id = t.id
      WHERE t.depth < ${TREE_DEPTH_MAX}
    )
    SELECT COUNT(*) AS members, SUM(CASE WHEN review_status = 2 THEN 1 ELSE 0 END) AS verified FROM tree`.execute(
    db,
  );
  const row = r.rows[0];
  return { members: Number(row?.members ?? 0), verified: Number(row?.verified ?? 0) };
}
