import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/** Withdrawal address book (apps/server/src/modules/funding): a bound address receives withdrawals after a cool-off. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funding_withdraw_addresses')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('network_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('usable_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('funding_withdraw_addresses_user')
    .on('funding_withdraw_addresses')
    .columns(['user_id', 'currency_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('funding_withdraw_addresses').execute();
}
