import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * The mark price (apps/server/src/modules/mark): per-market settings (a market without a row uses the
 * defaults in modules/mark/config.ts), the book snapshots sampled at fixed intervals, and every mark
 * that decided money (computed once per market and moment, with the inputs it used, so a proof can show
 * them and anyone can recompute it from the snapshots and the spot trades).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mark_config')
    .addColumn('market_id', 'integer', (c) => c.primaryKey())
    .addColumn('window_ms', 'integer', (c) => c.notNull())
    .addColumn('sample_ms', 'integer', (c) => c.notNull())
    .addColumn('band_bps', 'integer', (c) => c.notNull())
    .addColumn('impact_quote_minor', BIGINT, (c) => c.notNull())
    .addColumn('trade_weight_bps', 'integer', (c) => c.notNull())
    .addColumn('user_cap_bps', 'integer', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mark_book_snapshots')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('at_ms', BIGINT, (c) => c.notNull())
    .addColumn('best_bid_minor', BIGINT)
    .addColumn('best_ask_minor', BIGINT)
    .addColumn('impact_bid_minor', BIGINT)
    .addColumn('impact_ask_minor', BIGINT)
    .addColumn('bid_depth_minor', BIGINT, (c) => c.notNull())
    .addColumn('ask_depth_minor', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mark_book_snapshots_market_at')
    .on('mark_book_snapshots')
    .columns(['market_id', 'at_ms', 'id'])
    .execute();

  await db.schema
    .createTable('mark_prices')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('at_ms', BIGINT, (c) => c.notNull())
    .addColumn('price_minor', BIGINT, (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mark_prices_market_at')
    .on('mark_prices')
    .columns(['market_id', 'at_ms'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['mark_prices', 'mark_book_snapshots', 'mark_config'])
    await db.schema.dropTable(t).execute();
}
