import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * The chat between the two parties of a peer-to-peer deal (C2C or shop), and the other party's answer to
 * an appeal (modules/p2p/chat.ts, appeal-answer.ts). Images of an answer are `p2p_deal_images` of kind
 * `answer`, private like the appeal's own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('p2p_deal_messages')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('deal_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('p2p_deal_messages_deal')
    .on('p2p_deal_messages')
    .columns(['deal_id', 'id'])
    .execute();
  await db.schema
    .createIndex('p2p_deal_messages_sender')
    .on('p2p_deal_messages')
    .columns(['deal_id', 'user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('p2p_appeal_answers')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('deal_id', 'integer', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('p2p_appeal_answers').execute();
  await db.schema.dropTable('p2p_deal_messages').execute();
}
