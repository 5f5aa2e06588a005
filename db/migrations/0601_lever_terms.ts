import { sql, type Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Lever terms that never change an open position, and a second operator for every change of them.
 *
 * - Each order records the liquidation level and fee rate it opened under (`liquidation_rate_bps`,
 *   `fee_bps`; spread and overnight rates were already recorded): its risk, liquidation and fees use
 *   them, never the market's current terms. Orders of before this migration take their market's terms
 *   of now, the ones they were opened under.
 * - `lever_terms_requests`: a change of a market's terms is a request (the proposed terms and those it
 *   replaces) carried out only when a second operator approves it; one pending request per market.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lever_orders')
    .addColumn('liquidation_rate_bps', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('lever_orders')
    .addColumn('fee_bps', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE lever_orders SET
      liquidation_rate_bps = COALESCE((SELECT t.liquidation_rate_bps FROM lever_markets t
                                        WHERE t.market_id = lever_orders.market_id), 0),
      fee_bps = COALESCE((SELECT t.fee_bps FROM lever_markets t WHERE t.market_id = lever_orders.market_id), 0)`.execute(
    db,
  );

  await db.schema
    .createTable('lever_terms_requests')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('terms_json', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.notNull())
    .addColumn('requested_at', BIGINT, (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', BIGINT)
    .execute();
  await sql`CREATE UNIQUE INDEX lever_terms_requests_open ON lever_terms_requests (market_id) WHERE status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex('lever_terms_requests_recent')
    .on('lever_terms_requests')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lever_terms_requests').execute();
  await db.schema.alterTable('lever_orders').dropColumn('fee_bps').execute();
  await db.schema.alterTable('lever_orders').dropColumn('liquidation_rate_bps').execute();
}
