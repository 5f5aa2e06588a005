/** SQL of identity reviews (`kyc_submissions`); the user's review status lives in modules/users. */
import type { Insertable } from 'kysely';
import type { KycSubmissionsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
import { pagedQuery, type PageAt } from '../../lib/paging';

export const kycRepo = {
  async insert(db: Db, row: Insertable<KycSubmissionsTable>): Promise<void> {
    await db.insertInto('kyc_submissions').values(row).execute();
  },

  /** The user's latest submission (the user centre shows its state). */
  latestOf: (db: Db, userId: number) =>
    db
      .selectFrom('kyc_submissions')
      .select(['status', 'reason', 'card_id'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  byId: (db: Db, id: number) =>
    db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Submissions in one status: the pending ones oldest first, the decided newest first. */
  page: (db: Db, status: number, isOldestFirst: boolean, at: PageAt) =>
    pagedQuery(db.selectFrom('kyc_submissions').where('status', '=', status), at, (q) =>
      q.selectAll().orderBy('id', isOldestFirst ? 'asc' : 'desc'),
    ),

  /** Decides a pending submission; false when it was not pending. */
  async decide(
    db: Db,
    id: number,
    pending: number,
    d: { status: number; reason: string; reviewed_at: number; reviewed_by: number },
  ): Promise<boolean> {
    const r = await db
      .updateTable('kyc_submissions')
      .set(d)
      .where('id', '=', id)
      .where('status', '=', pending)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
