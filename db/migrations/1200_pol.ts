import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Proof-of-liabilities snapshots (apps/server/src/modules/pol, docs/proof-of-liabilities.md): per
 * snapshot and currency the published root and total, the system accounts' totals beside it, every
 * user's leaf (nonce and balance) and the tree's nodes from the chunk level up, so a user's proof is
 * rebuilt from one chunk of leaves and a few stored nodes. Sums that may pass 64 bits are decimal text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pol_snapshots')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('taken_at', BIGINT, (c) => c.notNull())
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('user_count', 'integer', (c) => c.notNull())
    .addColumn('chunk_level', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pol_roots')
    .addColumn('snapshot_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('root_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('total_dec', 'varchar(48)', (c) => c.notNull())
    .addColumn('leaf_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pol_roots_pk', ['snapshot_id', 'currency_id'])
    .execute();
  await db.schema
    .createTable('pol_system_totals')
    .addColumn('snapshot_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('account', 'varchar(40)', (c) => c.notNull())
    .addColumn('balance_minor', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('pol_system_totals_pk', ['snapshot_id', 'currency_id', 'account'])
    .execute();
  await db.schema
    .createTable('pol_leaves')
    .addColumn('snapshot_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('leaf_index', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('nonce', 'varchar(32)', (c) => c.notNull())
    .addColumn('balance_minor', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('pol_leaves_pk', ['snapshot_id', 'currency_id', 'leaf_index'])
    .execute();
  await db.schema
    .createIndex('pol_leaves_user')
    .on('pol_leaves')
    .columns(['snapshot_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('pol_nodes')
    .addColumn('snapshot_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('node_index', 'integer', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('sum_dec', 'varchar(48)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pol_nodes_pk', ['snapshot_id', 'currency_id', 'level', 'node_index'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['pol_nodes', 'pol_leaves', 'pol_system_totals', 'pol_roots', 'pol_snapshots']) {
    await db.schema.dropTable(t).execute();
  }
}
