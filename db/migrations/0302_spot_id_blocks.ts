import type { Kysely } from 'kysely';
import { BIGINT } from './helpers';

/**
 * Blocks of order and trade ids for the spot engine's owners when several processes match (one owner per
 * market): each owner takes a block of ids it alone hands out, so two owners never assign the same id.
 * `next_id` is the first id of the next block. The single-process engine does not use it (max(id) + 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spot_id_blocks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_id', BIGINT, (c) => c.notNull())
    .execute();
  await db
    .insertInto('spot_id_blocks' as never)
    .values([
      { name: 'order', next_id: 1 },
      { name: 'trade', next_id: 1 },
    ] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('spot_id_blocks').execute();
}
