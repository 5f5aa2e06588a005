import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Security (apps/server/src/modules/security, modules/uploads): public uploads, the server's signing keys,
 * two-factor authentication with recovery codes, the anti-phishing phrase and an operator's freeze.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // 0 = private (identity documents, payment QR codes: owner, operators and signed URLs only).
  await db.schema
    .alterTable('uploads')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_security')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    // The TOTP secret (base32) while being set up or enabled; null when two-factor is off.
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', BIGINT)
    // The last 30-second step a code was accepted for: a code is good once.
    .addColumn('totp_last_step', BIGINT, (c) => c.notNull().defaultTo(0))
    .addColumn('anti_phishing', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', BIGINT)
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_recovery_codes_user')
    .on('user_recovery_codes')
    .columns(['user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_security').execute();
  await db.schema.dropTable('server_keys').execute();
  await db.schema.alterTable('uploads').dropColumn('is_public').execute();
}
