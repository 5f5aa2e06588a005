/** SQL of the job queue (`jobs`, scheduler.ts). */
import type { Db } from '../../db/connection';

export const jobsRepo = {
  /** Adds a pending job; with a unique key, none when that (kind, key) exists (then null). */
  async insert(
    db: Db,
    j: { kind: string; dueAtMs: number; payload: string; uniqueKey: string | null; createdAt: number },
  ): Promise<number | null> {
    let q = db.insertInto('jobs').values({
      kind: j.kind,
      due_at: j.dueAtMs,
      run_at: j.dueAtMs,
      payload: j.payload,
      status: 'pending',
      attempts: 0,
      last_error: null,
      unique_key: j.uniqueKey,
      created_at: j.createdAt,
      finished_at: null,
    });
    if (j.uniqueKey !== null) q = q.onConflict((oc) => oc.columns(['kind', 'unique_key']).doNothing());
    const row = await q.returning('id').executeTakeFirst();
    return row?.id ?? null;
  },

  /** Cancels a pending job; true if it was pending. */
  async cancel(db: Db, kind: string, uniqueKey: string, nowMs: number): Promise<boolean> {
    const r = await db
      .updateTable('jobs')
      .set({ status: 'cancelled', finished_at: nowMs })
      .where('kind', '=', kind)
      .where('unique_key', '=', uniqueKey)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  nextRunAt: async (db: Db): Promise<number | null> =>
    (
      await db
        .selectFrom('jobs')
        .select('run_at')
        .where('status', '=', 'pending')
        .orderBy('run_at')
        .limit(1)
        .executeTakeFirst()
    )?.run_at ?? null,

  /** Takes these jobs if still pending (each once, whichever runner comes first); the ids taken. */
  async claim(db: Db, ids: readonly number[], nowMs: number): Promise<Set<number>> {
    const claimed = await db
      .updateTable('jobs')
      .set((eb) => ({ status: 'done', attempts: eb('attempts', '+', 1), finished_at: nowMs }))
      .where('id', 'in', [...ids])
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    return new Set(claimed.map((c) => c.id));
  },

  async recordFailure(
    db: Db,
    id: number,
    f: {
      attempts: number;
      last_error: string;
      status: 'failed' | 'pending';
      run_at: number;
      finished_at: number | null;
    },
  ): Promise<void> {
    await db.updateTable('jobs').set(f).where('id', '=', id).where('status', '=', 'pending').execute();
  },

  /** Pending jobs due by `nowMs`, in due order, at most `limit`. */
  due: (db: Db, nowMs: number, limit: number) =>
    db
      .selectFrom('jobs')
      .select(['id', 'kind', 'due_at', 'run_at', 'payload', 'attempts'])
      .where('status', '=', 'pending')
      .where('run_at', '<=', nowMs)
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit)
      .execute(),
};
