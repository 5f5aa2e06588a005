import type { Kysely } from 'kysely';

/** Who cancelled a peer-to-peer deal (null: the timer or an operator), for the daily cancel limit. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('p2p_deals').addColumn('cancelled_by', 'integer').execute();
  await db.schema
    .createIndex('p2p_deals_cancels')
    .on('p2p_deals')
    .columns(['cancelled_by', 'ended_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('p2p_deals_cancels').execute();
  await db.schema.alterTable('p2p_deals').dropColumn('cancelled_by').execute();
}
