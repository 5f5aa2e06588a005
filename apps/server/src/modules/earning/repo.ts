/** SQL of deposit-earning. */
import type { Insertable, Updateable } from 'kysely';
import type { EarningProductsTable, EarningRecordsTable } from '@oryx/db/schema';
import { pagedQuery, type PageAt } from '../../lib/paging';
import { catalogRepo } from '../catalog/repo';
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

  /** Open earning currencies with their catalogue name and scale, in the currencies' order. */
  currencies: async (db: Db) =>
    (await earningRepo.allCurrencies(db))
      .filter((c) => c.is_open === 1)
      .slice(0, LIST_MAX)
      .map((c) => ({ id: c.currency_id, name: c.name, scale: c.scale, min_minor: c.min_minor })),

  /** Every earning currency (open or not) with its catalogue name and scale, in the currencies' order. */
  async allCurrencies(db: Db) {
    const [rows, currencies] = await Promise.all([
      db.selectFrom('earning_currencies').selectAll().execute(),
      catalogRepo.currencies(db),
    ]);
    const byId = new Map(rows.map((r) => [r.currency_id, r]));
    return currencies.flatMap((c) => {
      const e = byId.get(c.id);
      return e ? [{ ...e, name: c.name, scale: c.scale }] : [];
    });
  },

  products: (db: Db) => db.selectFrom('earning_products').selectAll().orderBy('sort').orderBy('id').execute(),

  product: (db: Db, id: number) =>
    db.selectFrom('earning_products').selectAll().where('id', '=', id).executeTakeFirst(),

  lastProductId: async (db: Db): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('earning_products')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    ),

  async insertProduct(db: Db, row: Insertable<EarningProductsTable>, isOnce = false): Promise<void> {
    let q = db.insertInto('earning_products').values(row);
    if (isOnce) q = q.onConflict((oc) => oc.column('id').doNothing());
    await q.execute();
  },

  async updateProduct(db: Db, id: number, set: Updateable<EarningProductsTable>): Promise<void> {
    await db.updateTable('earning_products').set(set).where('id', '=', id).execute();
  },

  async seedCurrency(db: Db, currencyId: number, minMinor: bigint): Promise<void> {
    await db
      .insertInto('earning_currencies')
      .values({ currency_id: currencyId, min_minor: minMinor, is_open: 1 })
      .onConflict((oc) => oc.column('currency_id').doNothing())
      .execute();
  },

  /** Records a paid instalment on its record, once (`seq` follows the last one paid). */
  async markPaid(
    db: Db,
    id: number,
    seq: number,
    set: { paid_minor: bigint; status: number },
  ): Promise<void> {
    await db
      .updateTable('earning_records')
      .set({ paid_count: seq, ...set })
      .where('id', '=', id)
      .where('paid_count', '=', seq - 1)
      .execute();
  },

  insertRecord: async (trx: Db, row: Insertable<EarningRecordsTable>) =>
    (await trx.insertInto('earning_records').values(row).returning('id').executeTakeFirstOrThrow()).id,

  record: (db: Db, id: number) =>
    db.selectFrom('earning_records').selectAll().where('id', '=', id).executeTakeFirst(),

  /** One page of a user's deposits, newest first. */
  recordsPage: (db: Db, userId: number, at: PageAt) =>
    pagedQuery(db.selectFrom('earning_records').where('user_id', '=', userId), at, (q) =>
      q.selectAll().orderBy('id', 'desc'),
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
