/**
 * SQL of uploads: the stored files (`uploads`, with two separate flags: `is_public`, 1 only for an
 * operator's `visibility=public` upload, else served to its owner, operators and signed URLs; and
 * `private`, set when an area such as C2C deal images claims the file, which is then served only by
 * that area) and the anonymous uploads waiting to be claimed (`unclaimed_uploads`).
 */
import type { Insertable } from 'kysely';
import type { UnclaimedUploadsTable, UploadsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

export const uploadsRepo = {
  async insert(db: Db, row: Insertable<UploadsTable>): Promise<void> {
    await db.insertInto('uploads').values(row).execute();
  },

  /** A user's uploads since `since`. */
  countSince: async (db: Db, userId: number, since: number): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
          .where('user_id', '=', userId)
          .where('created_at', '>', since)
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  /** An upload that is not private (served by the upload routes). */
  shared: (db: Db, name: string) =>
    db
      .selectFrom('uploads')
      .selectAll()
      .where('file_name', '=', name)
      .where('private', '=', 0)
      .executeTakeFirst(),

  /** A private upload (served only by the area that claimed it). */
  privateFile: (db: Db, name: string) =>
    db
      .selectFrom('uploads')
      .select(['file_name', 'mime'])
      .where('file_name', '=', name)
      .where('private', '=', 1)
      .executeTakeFirst(),

  /** Makes the user's upload private; false when it is not the user's or private already. */
  async makePrivate(db: Db, userId: number, name: string): Promise<boolean> {
    const r = await db
      .updateTable('uploads')
      .set({ private: 1 })
      .where('file_name', '=', name)
      .where('user_id', '=', userId)
      .where('private', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async insertUnclaimed(db: Db, row: Insertable<UnclaimedUploadsTable>): Promise<void> {
    await db.insertInto('unclaimed_uploads').values(row).execute();
  },

  /** Takes an unclaimed upload out of the waiting list; undefined when it is not there (any more). */
  takeUnclaimed: (db: Db, name: string) =>
    db
      .deleteFrom('unclaimed_uploads')
      .where('file_name', '=', name)
      .returning(['mime', 'size_bytes'])
      .executeTakeFirst(),
};
