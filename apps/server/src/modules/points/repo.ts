/**
 * SQL of JC points: accruals on fees (`points_accruals`), exchanges of points for BEAU
 * (`points_exchanges`) and the bindings to the points provider (`points_bindings`).
 */
import type { Insertable } from 'kysely';
import type { PointsAccrualsTable, PointsBindingsTable, PointsExchangesTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
import { pagedQuery, type PageAt } from '../../lib/paging';

export const pointsRepo = {
  /** Records the points of one fee once; undefined when that fee was already counted. */
  insertAccrualOnce: async (db: Db, row: Insertable<PointsAccrualsTable>): Promise<number | undefined> =>
    (
      await db
        .insertInto('points_accruals')
        .values(row)
        .onConflict((oc) => oc.column('source_entry_id').doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id,

  async insertExchange(db: Db, row: Insertable<PointsExchangesTable>): Promise<number> {
    return (await db.insertInto('points_exchanges').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** One page of a user's exchanges, newest first. */
  exchangesPage: (db: Db, userId: number, at: PageAt) =>
    pagedQuery(db.selectFrom('points_exchanges').where('user_id', '=', userId), at, (q) =>
      q.selectAll().orderBy('id', 'desc'),
    ),

  binding: (db: Db, userId: number) =>
    db.selectFrom('points_bindings').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  async saveBinding(db: Db, userId: number, set: Omit<Insertable<PointsBindingsTable>, 'user_id'>) {
    await db
      .insertInto('points_bindings')
      .values({ user_id: userId, ...set })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(set))
      .execute();
  },
};
