import { sql, type Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Peer-to-peer fiat trading (apps/server/src/modules/p2p): ads (C2C ads now, merchant-shop ads on the
 * same table later, told apart by `kind`) and the deals taken on them. The coins a deal moves sit in the
 * ledger's `c2c_escrow` account from the moment the deal exists; `is_sure` is the deal state
 * (0 waiting for payment, 3 paid, 1 done, 2 cancelled, 4 under appeal).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('p2p_ads')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('coin_code', 'text', (c) => c.notNull())
    .addColumn('way', 'text', (c) => c.notNull())
    .addColumn('price_minor', BIGINT, (c) => c.notNull())
    .addColumn('total_minor', BIGINT, (c) => c.notNull())
    .addColumn('surplus_minor', BIGINT, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('p2p_ads_list')
    .on('p2p_ads')
    .columns(['kind', 'type', 'currency_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('p2p_ads_user').on('p2p_ads').columns(['user_id', 'kind', 'id']).execute();

  await db.schema
    .createTable('p2p_deals')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ad_id', 'integer', (c) => c.notNull())
    .addColumn('ad_user_id', 'integer', (c) => c.notNull())
    .addColumn('taker_id', 'integer', (c) => c.notNull())
    .addColumn('seller_id', 'integer', (c) => c.notNull())
    .addColumn('buyer_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('coin_code', 'text', (c) => c.notNull())
    .addColumn('way', 'text', (c) => c.notNull())
    .addColumn('price_minor', BIGINT, (c) => c.notNull())
    .addColumn('number_minor', BIGINT, (c) => c.notNull())
    .addColumn('deal_money_minor', BIGINT, (c) => c.notNull())
    .addColumn('out_fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('escrow_from_ad', 'integer', (c) => c.notNull())
    .addColumn('is_sure', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .addColumn('paid_at', BIGINT)
    .addColumn('ended_at', BIGINT)
    .execute();
  await db.schema.createIndex('p2p_deals_ad').on('p2p_deals').columns(['ad_id', 'id']).execute();
  await db.schema
    .createIndex('p2p_deals_taker')
    .on('p2p_deals')
    .columns(['taker_id', 'kind', 'id'])
    .execute();
  await db.schema
    .createIndex('p2p_deals_owner')
    .on('p2p_deals')
    .columns(['ad_user_id', 'kind', 'id'])
    .execute();
  // At most one unfinished C2C deal per taker, held by the database so concurrent takes cannot both win.
  await db.schema
    .createIndex('p2p_deals_one_open_c2c')
    .on('p2p_deals')
    .column('taker_id')
    .unique()
    .where(sql.ref('kind'), '=', 'c2c')
    .where(sql.ref('is_sure'), 'in', [0, 3, 4])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('p2p_deals').execute();
  await db.schema.dropTable('p2p_ads').execute();
}
