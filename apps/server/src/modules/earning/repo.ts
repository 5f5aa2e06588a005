/** SQL of deposit-earning. */
import type { Insertable } from 'kysely';
import type { EarningRecordsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

const LIST_MAX = 100;

export const earningRepo = {
  openProducts: (db: Db) =>
    db
      .selectFrom('earning_products')
      .selectAll()
      .where('is_open', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .limit(LIST_MAX)
      .execute(),

  openProduct: (db: Db, id: number) =>
    db
      .selectFrom('earning_products')
      .selectAll()
      .where('id', '=', id)
      .where('is_open', '=', 1)
      .executeTakeFirst(),

  /** Open earning currencies with their catalogue name and scale. */
  currencies: (db: Db) =>
    db
      .selectFrom('earning_currencies as e')
      .innerJoin('currencies as c', 'c.id', 'e.currency_id')
      .select(['c.id', 'c.name', 'c.scale', 'e.min_minor'])
      .where('e.is_open', '=', 1)
      .orderBy('c.sort')
      .orderBy('c.id')
      .limit(LIST_MAX)
      .execute(),

  insertRecord: async (trx: Db, row: Insertable<EarningRecordsTable>) =>
    (await trx.insertInto('earning_records').values(row).returning('id').executeTakeFirstOrThrow()).id,

  record: (db: Db, id: number) =>
    db.selectFrom('earning_records').selectAll().where('id', '=', id).executeTakeFirst(),

  records: (db: Db, userId: number, page: number, limit: number) =>
    db
      .selectFrom('earning_records as r')
      .innerJoin('currencies as c', 'c.id', 'r.currency_id')
      .selectAll('r')
      .select(['c.name as currency_name', 'c.scale'])
      .where('r.user_id', '=', userId)
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),

  countRecords: async (db: Db, userId: number) =>
    Number(
      (
        await db
          .selectFrom('earning_records')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Inserts the payout row; false when this instalment was already paid (the unique key holds). */
  insertPayout: async (
    trx: Db,
    row: { record_id: number; seq: number; interest_minor: bigint; principal_minor: bigint; due_at: number },
    at: number,
  ) => {
    const r = await trx
      .insertInto('earning_payouts')
      .values({ ...row, paid_at: at })
      .onConflict((oc) => oc.columns(['record_id', 'seq']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  },
};
