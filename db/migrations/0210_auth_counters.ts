import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Password-check limits as counters (modules/auth/throttle.ts): one row per counter, changed only by
 * conditional UPDATEs, so concurrent checks on any number of processes cannot exceed a limit. Replaces
 * the failure log and lock table, which were read before a check and written after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_counters')
    .addColumn('counter_key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', BIGINT, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_until', BIGINT, (c) => c.notNull())
    .addColumn('strikes', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('auth_locks').execute();
  await db.schema.dropTable('auth_failures').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_failures')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_failures_subject')
    .on('auth_failures')
    .columns(['kind', 'subject', 'created_at'])
    .execute();
  await db.schema
    .createIndex('auth_failures_ip')
    .on('auth_failures')
    .columns(['kind', 'ip', 'created_at'])
    .execute();
  await db.schema
    .createTable('auth_locks')
    .addColumn('lock_key', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.dropTable('auth_counters').execute();
}
