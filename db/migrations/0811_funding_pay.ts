import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * The third-party rupiah channel (apps/server/src/modules/funding/pay): deposit orders paid on the
 * provider's page, every notification the provider sent (so a replay is recognised), and rupiah
 * withdrawals to the user's bound bank card.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funding_pay_orders')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('pay_type', 'integer', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('amount_idr', BIGINT, (c) => c.notNull())
    .addColumn('credit_minor', BIGINT, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('paid_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('funding_pay_orders_user')
    .on('funding_pay_orders')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createTable('funding_pay_notices')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('notice_id', 'text', (c) => c.notNull())
    .addColumn('order_ref', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('funding_pay_notices_once', ['provider', 'notice_id'])
    .execute();
  await db.schema
    .createTable('funding_pay_payouts')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('amount_idr', BIGINT, (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('receive_name', 'text', (c) => c.notNull())
    .addColumn('receive_account', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('finished_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('funding_pay_payouts_user')
    .on('funding_pay_payouts')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('funding_pay_payouts').execute();
  await db.schema.dropTable('funding_pay_notices').execute();
  await db.schema.dropTable('funding_pay_orders').execute();
}
