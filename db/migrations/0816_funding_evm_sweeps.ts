import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Sweeps of EVM deposit addresses into the hot wallet (apps/server/src/modules/funding/evm-sweeps.ts):
 * one row per sweep with its state, every transaction it signed (each version of a bumped one) kept
 * before it is broadcast, and the hourly reconciliation of the hot wallet against the ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funding_evm_sweeps')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('network_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_index', 'integer', (c) => c.notNull())
    // chain:address:asset while the sweep is open, null once closed: one open sweep per address and asset.
    .addColumn('open_key', 'text', (c) => c.unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('through_deposit_id', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('topup_minor', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('gas_minor', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('funding_evm_sweeps_address')
    .on('funding_evm_sweeps')
    .columns(['chain', 'address', 'asset', 'through_deposit_id'])
    .execute();
  await db.schema
    .createIndex('funding_evm_sweeps_state')
    .on('funding_evm_sweeps')
    .columns(['chain', 'state', 'id'])
    .execute();
  await db.schema
    .createTable('funding_evm_sweep_txs')
    .addColumn('sweep_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('raw_tx', 'text', (c) => c.notNull())
    .addColumn('value_raw', 'text', (c) => c.notNull())
    .addColumn('max_fee_per_gas', 'text', (c) => c.notNull())
    .addColumn('sent_height', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('funding_evm_sweep_txs_pk', ['sweep_id', 'kind', 'version'])
    .execute();
  await db.schema
    .createIndex('funding_evm_sweep_txs_hash')
    .on('funding_evm_sweep_txs')
    .column('tx_hash')
    .unique()
    .execute();
  await db.schema
    .createTable('funding_evm_reconciliations')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('hot_address', 'text', (c) => c.notNull())
    .addColumn('at', BIGINT, (c) => c.notNull())
    .addColumn('onchain_minor', BIGINT, (c) => c.notNull())
    .addColumn('ledger_minor', BIGINT, (c) => c.notNull())
    .addColumn('difference_minor', BIGINT, (c) => c.notNull())
    .addColumn('tolerance_minor', BIGINT, (c) => c.notNull())
    .addColumn('is_flagged', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('funding_evm_reconciliations_latest')
    .on('funding_evm_reconciliations')
    .columns(['chain', 'currency_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('funding_evm_reconciliations').execute();
  await db.schema.dropTable('funding_evm_sweep_txs').execute();
  await db.schema.dropTable('funding_evm_sweeps').execute();
}
