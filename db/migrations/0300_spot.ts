import type { Kysely } from 'kysely';
import { BIGINT } from './helpers';

/**
 * Spot trading (apps/server/src/modules/spot): orders, trades and candles. Order and trade ids are
 * assigned by the sequencer (it needs them before the insert, to batch many commands into one
 * transaction), so they are plain integer primary keys, not auto-increment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spot_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    // 1 buy, 2 sell (the wire's `type`).
    .addColumn('side', 'integer', (c) => c.notNull())
    // 0 limit, 1 market.
    .addColumn('kind', 'integer', (c) => c.notNull())
    // Limit price; for a market order the price the client saw (its budget = amount x this price).
    .addColumn('price_minor', BIGINT, (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('filled_amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('filled_quote_minor', BIGINT, (c) => c.notNull())
    // Fees paid so far, in the currency the order receives (base for a buy, quote for a sell).
    .addColumn('fee_minor', BIGINT, (c) => c.notNull())
    // What is still held for the order in the ledger (quote for a buy, base for a sell).
    .addColumn('held_minor', BIGINT, (c) => c.notNull())
    // 1 open (resting, maybe partly filled), 2 filled, 3 cancelled (maybe partly filled).
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('cancel_reason', 'text')
    .addColumn('client_oid', 'text')
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('spot_orders_open')
    .on('spot_orders')
    .columns(['market_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('spot_orders_user')
    .on('spot_orders')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('spot_orders_client')
    .on('spot_orders')
    .columns(['user_id', 'market_id', 'client_oid'])
    .unique()
    .execute();

  await db.schema
    .createTable('spot_trades')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('price_minor', BIGINT, (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('quote_minor', BIGINT, (c) => c.notNull())
    // Side of the taker: 1 buy, 2 sell.
    .addColumn('taker_side', 'integer', (c) => c.notNull())
    .addColumn('maker_order_id', 'integer', (c) => c.notNull())
    .addColumn('taker_order_id', 'integer', (c) => c.notNull())
    .addColumn('maker_user_id', 'integer', (c) => c.notNull())
    .addColumn('taker_user_id', 'integer', (c) => c.notNull())
    .addColumn('maker_fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('taker_fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('spot_trades_market_time')
    .on('spot_trades')
    .columns(['market_id', 'created_at', 'id'])
    .execute();

  // One row per (market, period, bar start). Written by the sequencer that owns the market.
  await db.schema
    .createTable('spot_candles')
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('open_time', BIGINT, (c) => c.notNull())
    .addColumn('open_minor', BIGINT, (c) => c.notNull())
    .addColumn('high_minor', BIGINT, (c) => c.notNull())
    .addColumn('low_minor', BIGINT, (c) => c.notNull())
    .addColumn('close_minor', BIGINT, (c) => c.notNull())
    .addColumn('volume_minor', BIGINT, (c) => c.notNull())
    .addColumn('quote_volume_minor', BIGINT, (c) => c.notNull())
    .addColumn('trade_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('spot_candles_pk', ['market_id', 'period', 'open_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['spot_candles', 'spot_trades', 'spot_orders']) await db.schema.dropTable(t).execute();
}
