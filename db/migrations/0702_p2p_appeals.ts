import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/** Appeals of peer-to-peer deals: who appealed with what note, and the operator's decision. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('p2p_appeals')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('deal_id', 'integer', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', BIGINT)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('p2p_appeals').execute();
}
