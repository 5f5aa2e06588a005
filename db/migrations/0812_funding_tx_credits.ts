import { sql, type Kysely } from 'kysely';
import { BIGINT } from './helpers';

/**
 * One transaction, one credit: every chain transaction that credited a user, by the deposit scanner or by
 * an operator's deposit claim, has one row here, keyed by chain and tx hash, so the database itself
 * refuses a second credit of the same transaction by the other path. Claims name their transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funding_tx_credits')
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    // 'deposit' (the scanner; several outputs of one transaction share the row) or 'claim'.
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('credited_at', BIGINT, (c) => c.notNull())
    .addPrimaryKeyConstraint('funding_tx_credits_pk', ['chain', 'tx_hash'])
    .execute();
  await sql`INSERT INTO funding_tx_credits (chain, tx_hash, source, ref_id, credited_at)
    SELECT chain, LOWER(tx_hash), 'deposit', MIN(id), MIN(COALESCE(credited_at, seen_at))
    FROM funding_deposits WHERE status = 1 GROUP BY chain, LOWER(tx_hash)`.execute(db);
  await db.schema
    .alterTable('funding_claims')
    .addColumn('chain', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('funding_claims')
    .addColumn('tx_hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('funding_claims').dropColumn('tx_hash').execute();
  await db.schema.alterTable('funding_claims').dropColumn('chain').execute();
  await db.schema.dropTable('funding_tx_credits').execute();
}
