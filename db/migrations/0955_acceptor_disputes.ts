import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Disputes of acceptor deals: the user freezes a deal still waiting for the acceptor
 * (`acceptor_deals.disputed_at`), with a note and private images; an operator decides it with a reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('acceptor_deals').addColumn('disputed_at', BIGINT).execute();
  await db.schema
    .createTable('acceptor_disputes')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('deal_id', 'integer', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('images_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', BIGINT)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acceptor_disputes').execute();
  await db.schema.alterTable('acceptor_deals').dropColumn('disputed_at').execute();
}
