import type { Kysely } from 'kysely';
import { BIGINT } from './helpers';

/**
 * Payment details waiting out their cool-off (modules/account/payment-details.ts): a bank card or a set
 * of C2C payment details just bound, kept here until `usable_at`, when a scheduler job moves it into
 * `user_banks` / `user_cash_info` (the details other areas pay to and show). One row per user each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_banks_pending')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('receive_name', 'text', (c) => c.notNull())
    .addColumn('receive_account', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('usable_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_cash_info_pending')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('alipay_account', 'text', (c) => c.notNull())
    .addColumn('wechat_nickname', 'text', (c) => c.notNull())
    .addColumn('wechat_account', 'text', (c) => c.notNull())
    .addColumn('alipay_collect', 'text', (c) => c.notNull())
    .addColumn('wechat_collect', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('usable_at', BIGINT, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_cash_info_pending').execute();
  await db.schema.dropTable('user_banks_pending').execute();
}
