import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Deposits (apps/server/src/modules/funding): each user's deposit address per chain, each chain
 * scanner's resume point, every deposit seen (unique per chain, transaction and log index: the key that
 * makes crediting exactly-once) and manual deposit claims waiting for an operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funding_addresses')
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('funding_addresses_pk', ['chain', 'address', 'memo'])
    .execute();
  await db.schema
    .createIndex('funding_addresses_user')
    .on('funding_addresses')
    .columns(['user_id', 'chain'])
    .execute();

  await db.schema
    .createTable('funding_scan_state')
    .addColumn('chain', 'text', (c) => c.primaryKey())
    .addColumn('next_height', 'integer', (c) => c.notNull())
    .addColumn('head', 'integer', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('funding_deposits')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('network_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('block_height', 'integer', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('seen_at', BIGINT, (c) => c.notNull())
    .addColumn('credited_at', BIGINT)
    .addUniqueConstraint('funding_deposits_key', ['chain', 'tx_hash', 'log_index'])
    .execute();
  await db.schema
    .createIndex('funding_deposits_user')
    .on('funding_deposits')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('funding_deposits_open')
    .on('funding_deposits')
    .columns(['chain', 'status'])
    .execute();

  await db.schema
    .createTable('funding_claims')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('decided_at', BIGINT)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['funding_claims', 'funding_deposits', 'funding_scan_state', 'funding_addresses'])
    await db.schema.dropTable(t).execute();
}
