import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Withdrawals (apps/server/src/modules/funding): the amount is frozen at request; the row follows the
 * withdrawal through approval, sending and the chain until success or failure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funding_withdrawals')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('network_id', 'integer', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('tx_hash', 'text')
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('finished_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('funding_withdrawals_user')
    .on('funding_withdrawals')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('funding_withdrawals_status')
    .on('funding_withdrawals')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('funding_withdrawals').execute();
}
