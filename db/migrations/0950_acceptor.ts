import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Acceptors and region agents (apps/server/src/modules/acceptor). An acceptor is a user the operator
 * appointed to buy and sell one coin against money paid outside the exchange; its deals keep the coin in
 * the ledger's `c2c_escrow` while waiting (`is_sure` 0 waiting, 1 confirmed, 2 rejected). A user's region
 * (city, district) is set in the settings; a region agent sees the users of its city or district.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('acceptors')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quote_code', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('recharge_rate_minor', BIGINT, (c) => c.notNull())
    .addColumn('recharge_min_minor', BIGINT, (c) => c.notNull())
    .addColumn('recharge_max_minor', BIGINT, (c) => c.notNull())
    .addColumn('cash_rate_minor', BIGINT, (c) => c.notNull())
    .addColumn('cash_min_minor', BIGINT, (c) => c.notNull())
    .addColumn('cash_max_minor', BIGINT, (c) => c.notNull())
    .addColumn('wechat_nickname', 'text', (c) => c.notNull())
    .addColumn('wechat_account', 'text', (c) => c.notNull())
    .addColumn('ali_nickname', 'text', (c) => c.notNull())
    .addColumn('ali_account', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('bank_address', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('acceptors_list').on('acceptors').columns(['kind', 'status', 'id']).execute();

  await db.schema
    .createTable('acceptor_deals')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('acceptor_id', 'integer', (c) => c.notNull())
    .addColumn('acceptor_user_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('way', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('deal_account', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('quote_code', 'text', (c) => c.notNull())
    .addColumn('money_minor', BIGINT, (c) => c.notNull())
    .addColumn('rate_minor', BIGINT, (c) => c.notNull())
    .addColumn('number_minor', BIGINT, (c) => c.notNull())
    .addColumn('is_sure', 'integer', (c) => c.notNull())
    .addColumn('transferred_at', BIGINT)
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('acceptor_deals_user')
    .on('acceptor_deals')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('acceptor_deals_desk')
    .on('acceptor_deals')
    .columns(['acceptor_id', 'is_sure', 'id'])
    .execute();

  await db.schema
    .createTable('user_regions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('city_name', 'text', (c) => c.notNull())
    .addColumn('district_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_regions_place')
    .on('user_regions')
    .columns(['city_name', 'district_name', 'user_id'])
    .execute();

  await db.schema
    .createTable('region_agents')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('city_name', 'text', (c) => c.notNull())
    .addColumn('district_name', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('region_agents').execute();
  await db.schema.dropTable('user_regions').execute();
  await db.schema.dropTable('acceptor_deals').execute();
  await db.schema.dropTable('acceptors').execute();
}
