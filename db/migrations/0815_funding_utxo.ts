import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * The UTXO chain adapter's hot wallet (apps/server/src/modules/funding/chain/utxo-wallet.ts): each batch of
 * withdrawals (one transaction paying several), every signed version of it (replace-by-fee makes a new
 * one), the withdrawals it pays, and the hot wallet's coins it spends: a coin belongs to one batch
 * (primary key), so two batches never spend it twice. A lock row per chain orders batches being built.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funding_utxo_locks')
    .addColumn('chain', 'text', (c) => c.primaryKey())
    .addColumn('batches', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('funding_utxo_batches')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('raw_tx', 'text', (c) => c.notNull())
    .addColumn('fee_rate', 'integer', (c) => c.notNull())
    .addColumn('fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('change_minor', BIGINT, (c) => c.notNull())
    .addColumn('sent_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('funding_utxo_txs')
    .addColumn('txid', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    .addColumn('raw_tx', 'text', (c) => c.notNull())
    .addColumn('fee_rate', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('funding_utxo_txs_batch').on('funding_utxo_txs').column('batch_id').execute();
  await db.schema
    .createTable('funding_utxo_outputs')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('funding_utxo_spent')
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('vout', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('funding_utxo_spent_pk', ['chain', 'txid', 'vout'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'funding_utxo_spent',
    'funding_utxo_outputs',
    'funding_utxo_txs',
    'funding_utxo_batches',
    'funding_utxo_locks',
  ])
    await db.schema.dropTable(t).execute();
}
