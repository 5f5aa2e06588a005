import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * API keys (apps/server/src/modules/apikeys): keys a user creates to trade through the Binance-compatible
 * REST API (modules/binance). An HMAC key's secret is kept encrypted (AES-256-GCM under
 * API_KEY_ENCRYPTION_KEY), an Ed25519 key keeps only the public key the user supplied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    // The public identifier sent in X-MBX-APIKEY.
    .addColumn('api_key', 'text', (c) => c.notNull().unique())
    // 'hmac' | 'ed25519'
    .addColumn('kind', 'text', (c) => c.notNull())
    // HMAC: iv.tag.ciphertext (base64url) of the secret; null for Ed25519.
    .addColumn('secret_enc', 'text')
    // Ed25519: the user's public key (PEM); null for HMAC.
    .addColumn('public_key', 'text')
    // Comma-separated: read, trade.
    .addColumn('permissions', 'text', (c) => c.notNull())
    // Comma-separated addresses; '' = any address.
    .addColumn('ip_whitelist', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('last_used_at', BIGINT)
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
