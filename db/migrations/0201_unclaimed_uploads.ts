/**
 * Uploads sent without a session (clients of this API family upload identity images and payment QR codes
 * that way): kept here, unserved, until the first authenticated identity or payment-details submission
 * that names them moves them to `uploads` for that user, or until they expire.
 */
import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unclaimed_uploads')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unclaimed_uploads_created')
    .on('unclaimed_uploads')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unclaimed_uploads').execute();
}
