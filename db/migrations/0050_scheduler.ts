import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * The persisted scheduler (apps/server/src/modules/scheduler): one row per piece of time-driven work
 * (a seconds-option expiry, a C2C auto-cancel, ...). A job runs once, in the same transaction that marks
 * it done, so its effect and its completion commit together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    // When the work is due (handlers act as of this time) and when it runs next (= due_at, later after a
    // failure: retries back off without losing the original due time).
    .addColumn('due_at', BIGINT, (c) => c.notNull())
    .addColumn('run_at', BIGINT, (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending | done | failed | cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    // Optional: a second schedule() with the same (kind, unique_key) is a no-op.
    .addColumn('unique_key', 'text')
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('finished_at', BIGINT)
    .addUniqueConstraint('jobs_kind_unique_key', ['kind', 'unique_key'])
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
