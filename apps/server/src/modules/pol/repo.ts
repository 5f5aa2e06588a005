/**
 * SQL of proof of liabilities: every statement of the area is here. Balances are read through the
 * ledger's repo (ledgerRepo.allAccounts, in service.ts), never here.
 */
import { sql, type Insertable } from 'kysely';
import type { PolLeavesTable, PolNodesTable, PolRootsTable, PolSystemTotalsTable } from '@oryx/db/schema';
import type { Db, Dialect } from '../../db/connection';
import { catalogRepo } from '../catalog/repo';

/** Rows per multi-row INSERT: far below both databases' parameter limits (at most 6 per row). */
const INSERT_CHUNK = 500;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/** The advisory lock key of snapshot taking (any fixed 64-bit number; ours spells "oryxPOL"). */
export const SNAPSHOT_LOCK_KEY = 0x6f_7279_7850_4f4cn;

export const polRepo = {
  /**
   * Runs `fn` holding the database-wide snapshot lock; `{ isHeld: false }` at once, without running it,
   * when another session holds the lock. PostgreSQL: a session advisory lock on one connection reserved
   * from the pool for the whole of `fn` and unlocked after it (a process that dies loses its connection
   * and so the lock; nothing to clean up). SQLite: one server per database file (the spot engine's
   * lock file), so within that process the caller's own guard is the whole of it and `fn` just runs.
   */
  async withSnapshotLock<T>(
    db: Db,
    dialect: Dialect,
    fn: () => Promise<T>,
  ): Promise<{ isHeld: true; value: T } | { isHeld: false }> {
    if (dialect !== 'postgres') return { isHeld: true, value: await fn() };
    return db.connection().execute(async (conn) => {
      const key = SNAPSHOT_LOCK_KEY.toString();
      const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}::bigint) as ok`.execute(conn);
      if (got.rows[0]?.ok !== true) return { isHeld: false as const };
      try {
        return { isHeld: true as const, value: await fn() };
      } finally {
        await sql`select pg_advisory_unlock(${key}::bigint)`.execute(conn);
      }
    });
  },

  async insertSnapshot(
    trx: Db,
    s: { takenAt: number; trigger: string; actorId: number | null; userCount: number; chunkLevel: number },
  ): Promise<number> {
    const row = await trx
      .insertInto('pol_snapshots')
      .values({
        taken_at: s.takenAt,
        trigger: s.trigger,
        actor_id: s.actorId,
        user_count: s.userCount,
        chunk_level: s.chunkLevel,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  insertRoots: (trx: Db, rows: Insertable<PolRootsTable>[]) =>
    insertChunked(rows, (c) => trx.insertInto('pol_roots').values(c).execute()),

  insertSystemTotals: (trx: Db, rows: Insertable<PolSystemTotalsTable>[]) =>
    insertChunked(rows, (c) => trx.insertInto('pol_system_totals').values(c).execute()),

  insertLeaves: (trx: Db, rows: Insertable<PolLeavesTable>[]) =>
    insertChunked(rows, (c) => trx.insertInto('pol_leaves').values(c).execute()),

  insertNodes: (trx: Db, rows: Insertable<PolNodesTable>[]) =>
    insertChunked(rows, (c) => trx.insertInto('pol_nodes').values(c).execute()),

  listSnapshots: (db: Db, limit: number) =>
    db.selectFrom('pol_snapshots').selectAll().orderBy('id', 'desc').limit(limit).execute(),

  snapshot: (db: Db, id: number) =>
    db.selectFrom('pol_snapshots').selectAll().where('id', '=', id).executeTakeFirst(),

  latestSnapshot: (db: Db) =>
    db.selectFrom('pol_snapshots').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst(),

  /** The roots of the snapshots, newest snapshot first, currencies in their sort order (names from catalog). */
  async rootsOf(db: Db, snapshotIds: number[]) {
    if (snapshotIds.length === 0) return [];
    const [rows, currencies] = await Promise.all([
      db
        .selectFrom('pol_roots as r')
        .select(['r.snapshot_id', 'r.currency_id', 'r.root_hash', 'r.total_dec', 'r.leaf_count'])
        .where('r.snapshot_id', 'in', snapshotIds)
        .execute(),
      catalogRepo.currencyMap(db),
    ]);
    const sortOf = (id: number) => currencies.get(id)?.sort ?? Number.MAX_SAFE_INTEGER;
    return rows
      .map((r) => ({
        ...r,
        currency: currencies.get(r.currency_id)?.name ?? '',
        scale: currencies.get(r.currency_id)?.scale ?? 0,
      }))
      .sort(
        (a, b) =>
          b.snapshot_id - a.snapshot_id ||
          sortOf(a.currency_id) - sortOf(b.currency_id) ||
          a.currency_id - b.currency_id,
      );
  },

  systemTotalsOf: (db: Db, snapshotIds: number[]) =>
    snapshotIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('pol_system_totals')
          .selectAll()
          .where('snapshot_id', 'in', snapshotIds)
          .orderBy('account')
          .execute(),

  /** Where the user's leaves are in each currency's tree of a snapshot. */
  leavesOfUser: (db: Db, snapshotId: number, userId: number) =>
    db
      .selectFrom('pol_leaves')
      .select(['currency_id', 'leaf_index'])
      .where('snapshot_id', '=', snapshotId)
      .where('user_id', '=', userId)
      .orderBy('currency_id')
      .execute(),

  /** Leaves [from, to) of one tree, in tree order. */
  leafRange: (db: Db, snapshotId: number, currencyId: number, from: number, to: number) =>
    db
      .selectFrom('pol_leaves')
      .select(['leaf_index', 'user_id', 'nonce', 'balance_minor'])
      .where('snapshot_id', '=', snapshotId)
      .where('currency_id', '=', currencyId)
      .where('leaf_index', '>=', from)
      .where('leaf_index', '<', to)
      .orderBy('leaf_index')
      .execute(),

  /** Stored nodes of one tree at the given (level, index) places (missing ones are not returned). */
  async nodesAt(db: Db, snapshotId: number, currencyId: number, places: { level: number; index: number }[]) {
    if (places.length === 0) return [];
    return db
      .selectFrom('pol_nodes')
      .select(['level', 'node_index', 'hash', 'sum_dec'])
      .where('snapshot_id', '=', snapshotId)
      .where('currency_id', '=', currencyId)
      .where((eb) =>
        eb.or(places.map((p) => eb.and([eb('level', '=', p.level), eb('node_index', '=', p.index)]))),
      )
      .execute();
  },

  /** Name and scale of every currency (the snapshot publishes only those with holders). */
  currencies: (db: Db) => catalogRepo.currencies(db),
};
