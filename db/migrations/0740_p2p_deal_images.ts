import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Private images: an upload attached to a peer-to-peer deal (a payment voucher or an appeal image) is
 * marked `private` and no longer served at /uploads/<name>; `p2p_deal_images` says which deal it belongs
 * to, so only the deal's two parties and operators can fetch it (modules/p2p/images.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('p2p_deal_images')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('deal_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('p2p_deal_images_deal').on('p2p_deal_images').column('deal_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('p2p_deal_images').execute();
  await db.schema.alterTable('uploads').dropColumn('private').execute();
}
