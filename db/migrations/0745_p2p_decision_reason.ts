import type { Kysely } from 'kysely';

/** The written reason of the operator who decided an appealed deal (escrow decisions need one). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('p2p_appeals')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('p2p_appeals').dropColumn('reason').execute();
}
