import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone', 'text')
    .addColumn('area_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('area_code_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nationality', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('trade_password_hash', 'text')
    .addColumn('extension_code', 'text', (c) => c.notNull().unique())
    .addColumn('parent_id', 'integer')
    .addColumn('is_seller', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('review_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_phone').on('users').columns(['area_code', 'phone']).unique().execute();
  await db.schema.createIndex('users_parent').on('users').column('parent_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .addColumn('revoked_at', BIGINT)
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('currencies')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('scale', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_display', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_legal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_match', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_lever', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_micro', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_quote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cny_rate_minor', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('reference_usdt_price_minor', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('desc', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('markets')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('legal_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_display', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_coin_trade', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_microtrade', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_lever', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_tick_minor', BIGINT, (c) => c.notNull())
    .addColumn('amount_step_minor', BIGINT, (c) => c.notNull())
    .addColumn('min_amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('min_notional_minor', BIGINT, (c) => c.notNull())
    .addColumn('maker_fee_bps', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('taker_fee_bps', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('price_decimals', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('amount_decimals', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('reference_price_minor', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('markets_pair', ['legal_id', 'currency_id'])
    .execute();

  await db.schema
    .createTable('news')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('c_id', 'integer', (c) => c.notNull())
    .addColumn('group_key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('abstract', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('news_group_lang', ['group_key', 'lang'])
    .execute();
  await db.schema.createIndex('news_cat_lang').on('news').columns(['c_id', 'lang']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['news', 'markets', 'currencies', 'sessions', 'users'])
    await db.schema.dropTable(t).execute();
}
