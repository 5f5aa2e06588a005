import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * The ledger (accounts + double-entry journal), idempotency keys for money-moving requests, and the
 * wallet transfer records. Only apps/server/src/modules/ledger writes `ledger_accounts` / `ledger_entries`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per (owner, wallet, currency). user_id 0 = a system account; `wallet` is then its name.
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('available_minor', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('frozen_minor', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('ledger_accounts_key', ['user_id', 'wallet', 'currency_id'])
    .execute();

  // The journal: every movement debits one (account, bucket) and credits another, same currency.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('debit_account_id', 'integer', (c) => c.notNull())
    .addColumn('debit_bucket', 'text', (c) => c.notNull())
    .addColumn('credit_account_id', 'integer', (c) => c.notNull())
    .addColumn('credit_bucket', 'text', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_debit')
    .on('ledger_entries')
    .columns(['debit_account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_credit')
    .on('ledger_entries')
    .columns(['credit_account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_ref')
    .on('ledger_entries')
    .columns(['ref_type', 'ref_id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('reply_json', 'text')
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_key', ['user_id', 'scope', 'client_key'])
    .execute();

  await db.schema
    .createTable('wallet_transfers')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('from_wallet', 'text', (c) => c.notNull())
    .addColumn('to_wallet', 'text', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_transfers_user')
    .on('wallet_transfers')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['wallet_transfers', 'idempotency_keys', 'ledger_entries', 'ledger_accounts']) {
    await db.schema.dropTable(t).execute();
  }
}
