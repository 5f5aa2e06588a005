import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Deposits and withdrawals (apps/server/src/modules/funding): the terms per currency, the networks each
 * currency moves on, and the embedded sandbox chain (its blocks and transactions). Configuration rows are
 * seeded (db/seed/funding.ts) and edited by the operator; the chain tables belong to the sandbox adapter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funding_coins')
    .addColumn('currency_id', 'integer', (c) => c.primaryKey())
    .addColumn('make_wallet', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_show', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('deposit_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('withdraw_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('min_deposit_minor', BIGINT, (c) => c.notNull())
    .addColumn('min_withdraw_minor', BIGINT, (c) => c.notNull())
    .addColumn('max_withdraw_minor', BIGINT, (c) => c.notNull())
    .addColumn('withdraw_fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('approval_above_minor', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('funding_networks')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('contract_address', 'text', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull())
    .addColumn('min_withdraw_minor', BIGINT, (c) => c.notNull())
    .addColumn('fee_rate_bps', 'integer', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('funding_networks_type', ['currency_id', 'type'])
    .execute();

  await db.schema
    .createTable('sandbox_chain_blocks')
    .addColumn('height', 'integer', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('parent_hash', 'text', (c) => c.notNull())
    .addColumn('mined_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_chain_txs')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('tx_hash', 'text', (c) => c.notNull().unique())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('block_height', 'integer')
    .addColumn('log_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_chain_txs_block')
    .on('sandbox_chain_txs')
    .columns(['block_height', 'log_index'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sandbox_chain_txs', 'sandbox_chain_blocks', 'funding_networks', 'funding_coins'])
    await db.schema.dropTable(t).execute();
}
