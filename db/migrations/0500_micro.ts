import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Seconds options (apps/server/src/modules/micro): the durations on offer, the terms per paying
 * currency, and the orders with their settlement record (open and end prices with the spot trades they
 * came from). Configuration rows are seeded (db/seed/micro.ts) and edited by the operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('micro_seconds')
    .addColumn('seconds', 'integer', (c) => c.primaryKey())
    .addColumn('profit_ratio_bps', 'integer', (c) => c.notNull())
    .addColumn('min_number', 'integer', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('micro_currencies')
    .addColumn('currency_id', 'integer', (c) => c.primaryKey())
    .addColumn('fee_bps', 'integer', (c) => c.notNull())
    .addColumn('min_number', 'integer', (c) => c.notNull())
    .addColumn('max_number', 'integer', (c) => c.notNull())
    .addColumn('max_open_orders', 'integer', (c) => c.notNull())
    .addColumn('quick_numbers', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('micro_orders')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('profit_ratio_bps', 'integer', (c) => c.notNull())
    .addColumn('number', BIGINT, (c) => c.notNull())
    .addColumn('stake_minor', BIGINT, (c) => c.notNull())
    .addColumn('fee_bps', 'integer', (c) => c.notNull())
    .addColumn('fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('opened_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .addColumn('open_price_minor', BIGINT, (c) => c.notNull())
    .addColumn('open_trade_id', BIGINT, (c) => c.notNull())
    .addColumn('open_trade_at', BIGINT, (c) => c.notNull())
    .addColumn('end_price_minor', BIGINT)
    .addColumn('end_trade_id', BIGINT)
    .addColumn('end_trade_at', BIGINT)
    .addColumn('result', 'integer')
    .addColumn('fact_profits_minor', BIGINT)
    .addColumn('settled_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('micro_orders_user')
    .on('micro_orders')
    .columns(['user_id', 'status', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['micro_orders', 'micro_currencies', 'micro_seconds'])
    await db.schema.dropTable(t).execute();
}
