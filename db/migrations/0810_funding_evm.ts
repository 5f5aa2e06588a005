import type { Kysely } from 'kysely';
import { BIGINT } from './helpers';

/**
 * The EVM chain adapter's hot wallet (apps/server/src/modules/funding/chain/evm-hot-wallet.ts): the next
 * nonce of each sending address, and every withdrawal transaction signed, kept before it is broadcast so
 * a retry (or a restart) broadcasts the same transaction again instead of sending twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funding_evm_nonces')
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('next_nonce', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('funding_evm_nonces_pk', ['chain', 'address'])
    .execute();
  await db.schema
    .createTable('funding_evm_sends')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('raw_tx', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('funding_evm_sends_nonce', ['chain', 'from_address', 'nonce'])
    .execute();
  await db.schema.createIndex('funding_evm_sends_tx').on('funding_evm_sends').column('tx_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('funding_evm_sends').execute();
  await db.schema.dropTable('funding_evm_nonces').execute();
}
