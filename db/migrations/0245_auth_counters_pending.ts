import type { Kysely } from 'kysely';
import { BIGINT } from './helpers';

/**
 * Password-check counters count wrong answers only (modules/auth/throttle.ts): checks still running are
 * counted apart (`pending`, with the time of the newest, after which a check that never answered is
 * given up), so a burst of right passwords is never taken for a burst of wrong ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('auth_counters')
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('auth_counters')
    .addColumn('pending_at', BIGINT, (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_counters').dropColumn('pending_at').execute();
  await db.schema.alterTable('auth_counters').dropColumn('pending').execute();
}
