import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Leveraged contracts (apps/server/src/modules/lever): the terms per market (seeded for lever-enabled
 * markets, edited by the operator; the market's `open_lever` flag stays on `markets`) and the orders,
 * which are pending limit orders (status 0), open positions (1) and their closed or revoked record
 * (3, 4). Amounts are minor units of the market's quote currency, `number_minor` of its base currency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lever_markets')
    .addColumn('market_id', 'integer', (c) => c.primaryKey())
    .addColumn('share_num_minor', BIGINT, (c) => c.notNull())
    .addColumn('spread_bps', 'integer', (c) => c.notNull())
    .addColumn('fee_bps', 'integer', (c) => c.notNull())
    .addColumn('overnight_bps', 'integer', (c) => c.notNull())
    .addColumn('min_share', 'integer', (c) => c.notNull())
    .addColumn('max_share', 'integer', (c) => c.notNull())
    .addColumn('multiples', 'text', (c) => c.notNull())
    .addColumn('share_presets', 'text', (c) => c.notNull())
    .addColumn('liquidation_rate_bps', 'integer', (c) => c.notNull())
    .addColumn('max_open', 'integer', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lever_orders')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('legal_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('share', 'integer', (c) => c.notNull())
    .addColumn('multiple', 'integer', (c) => c.notNull())
    .addColumn('number_minor', BIGINT, (c) => c.notNull())
    .addColumn('origin_price_minor', BIGINT, (c) => c.notNull())
    .addColumn('price_minor', BIGINT, (c) => c.notNull())
    .addColumn('origin_margin_minor', BIGINT, (c) => c.notNull())
    .addColumn('margin_minor', BIGINT, (c) => c.notNull())
    .addColumn('fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('overnight_minor', BIGINT, (c) => c.notNull())
    .addColumn('overnight_day', 'text', (c) => c.notNull())
    .addColumn('spread_bps', 'integer', (c) => c.notNull())
    .addColumn('overnight_bps', 'integer', (c) => c.notNull())
    .addColumn('target_profit_minor', BIGINT, (c) => c.notNull())
    .addColumn('stop_loss_minor', BIGINT, (c) => c.notNull())
    .addColumn('close_price_minor', BIGINT)
    .addColumn('profits_minor', BIGINT)
    .addColumn('close_reason', 'text')
    .addColumn('open_mark_id', 'integer')
    .addColumn('close_mark_id', 'integer')
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('opened_at', BIGINT)
    .addColumn('closed_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('lever_orders_user')
    .on('lever_orders')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('lever_orders_status')
    .on('lever_orders')
    .columns(['status', 'market_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lever_orders').execute();
  await db.schema.dropTable('lever_markets').execute();
}
