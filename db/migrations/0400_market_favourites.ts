import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/** Per-user favourite markets (the star view of the market tables; `user_match` calls). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_favourites')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('user_favourites_pair', ['user_id', 'market_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_favourites').execute();
}
