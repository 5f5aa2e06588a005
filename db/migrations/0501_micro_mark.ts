import type { Kysely } from 'kysely';
import { BIGINT } from './helpers';

/**
 * Seconds options open and settle on the mark price (modules/mark): each order keeps the ids of the two
 * marks (`mark_prices`) that decided it. Limits per market follow the book's depth (`micro_limits`; a
 * market without a row uses the defaults in modules/micro/config.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('micro_orders').addColumn('open_mark_id', BIGINT).execute();
  await db.schema.alterTable('micro_orders').addColumn('end_mark_id', BIGINT).execute();
  await db.schema
    .createIndex('micro_orders_market_open')
    .on('micro_orders')
    .columns(['market_id', 'status', 'type'])
    .execute();
  await db.schema
    .createTable('micro_limits')
    .addColumn('market_id', 'integer', (c) => c.primaryKey())
    .addColumn('stake_cost_bps', 'integer', (c) => c.notNull())
    .addColumn('exposure_cost_bps', 'integer', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('micro_limits').execute();
  await db.schema.dropIndex('micro_orders_market_open').execute();
  await db.schema.alterTable('micro_orders').dropColumn('end_mark_id').execute();
  await db.schema.alterTable('micro_orders').dropColumn('open_mark_id').execute();
}
