import { sql, type Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Merchant shops (apps/server/src/modules/p2p/shop): a seller (`users.is_seller = 1`) runs one shop per
 * currency; the shop's balance is the ledger account (seller, `shop`, currency). Shop ads live in
 * `p2p_ads` with `kind = 'shop'`, a per-deal minimum and maximum and an on-shelf flag; their deals are
 * ordinary `p2p_deals` rows of kind `shop` (partial fills: many deals per ad, many per taker).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('p2p_shops')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('p2p_shops_user_currency', ['user_id', 'currency_id'])
    .execute();
  await db.schema.alterTable('p2p_ads').addColumn('shop_id', 'integer').execute();
  await db.schema
    .alterTable('p2p_ads')
    .addColumn('min_minor', BIGINT, (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema
    .alterTable('p2p_ads')
    .addColumn('max_minor', BIGINT, (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema
    .alterTable('p2p_ads')
    .addColumn('is_shelves', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('p2p_ads_shop').on('p2p_ads').columns(['shop_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('p2p_ads_shop').execute();
  for (const c of ['is_shelves', 'max_minor', 'min_minor', 'shop_id']) {
    await db.schema.alterTable('p2p_ads').dropColumn(c).execute();
  }
  await db.schema.dropTable('p2p_shops').execute();
}
