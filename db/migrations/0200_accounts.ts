/**
 * Accounts: verification codes and the sandbox outbox, login / transaction-password failure
 * records and locks, uploads, identity submissions, bound bank accounts and payment details, and three
 * user columns (nickname, verified real name, authorization code).
 */
import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('real_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('authorization_code', 'text').execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('delivered', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('expires_at', BIGINT, (c) => c.notNull())
    .addColumn('consumed_at', BIGINT)
    .execute();
  await db.schema
    .createIndex('verification_codes_dest')
    .on('verification_codes')
    .columns(['destination', 'created_at'])
    .execute();
  await db.schema
    .createIndex('verification_codes_ip')
    .on('verification_codes')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('outbox_messages_dest')
    .on('outbox_messages')
    .columns(['destination', 'id'])
    .execute();

  await db.schema
    .createTable('auth_failures')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_failures_subject')
    .on('auth_failures')
    .columns(['kind', 'subject', 'created_at'])
    .execute();
  await db.schema
    .createIndex('auth_failures_ip')
    .on('auth_failures')
    .columns(['kind', 'ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('auth_locks')
    .addColumn('lock_key', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('kyc_submissions')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('front_pic', 'text', (c) => c.notNull())
    .addColumn('reverse_pic', 'text', (c) => c.notNull())
    .addColumn('hand_pic', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('reviewed_at', BIGINT)
    .addColumn('reviewed_by', 'integer')
    .execute();
  await db.schema
    .createIndex('kyc_submissions_user')
    .on('kyc_submissions')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('kyc_submissions_status')
    .on('kyc_submissions')
    .columns(['status', 'id'])
    .execute();

  await db.schema
    .createTable('user_banks')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('receive_name', 'text', (c) => c.notNull())
    .addColumn('receive_account', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_cash_info')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('alipay_account', 'text', (c) => c.notNull())
    .addColumn('wechat_nickname', 'text', (c) => c.notNull())
    .addColumn('wechat_account', 'text', (c) => c.notNull())
    .addColumn('alipay_collect', 'text', (c) => c.notNull())
    .addColumn('wechat_collect', 'text', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'user_cash_info',
    'user_banks',
    'kyc_submissions',
    'uploads',
    'auth_locks',
    'auth_failures',
    'outbox_messages',
    'verification_codes',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  for (const c of ['authorization_code', 'real_name', 'nickname']) {
    await db.schema.alterTable('users').dropColumn(c).execute();
  }
}
