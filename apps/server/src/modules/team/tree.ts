/** The invite tree (`users.parent_id`): ancestors, children and team sizes, bounded in depth. */
import type { Db } from '../../db/connection';
import { userTreeRepo } from '../users/tree-repo';
import { TREE_DEPTH_MAX } from './config';

/** The chain of inviters above a user, nearest first, at most `depth` of them. */
export async function ancestorsOf(db: Db, userId: number, depth: number): Promise<number[]> {
  const out: number[] = [];
  let current: number | null = userId;
  while (current !== null && out.length < depth) {
    current = (await userTreeRepo.parentId(db, current)) ?? null;
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
export const teamSize = (db: Db, rootId: number): Promise<{ members: number; verified: number }> =>
  userTreeRepo.teamSize(db, rootId, TREE_DEPTH_MAX);
