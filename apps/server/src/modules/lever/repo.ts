/** SQL of lever orders. */
import type { Insertable, Selectable } from 'kysely';
import type { LeverOrdersTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
import { pagedQuery } from '../../lib/paging';

export type LeverOrder = Selectable<LeverOrdersTable>;

export const leverRepo = {
  async insert(trx: Db, row: Insertable<LeverOrdersTable>): Promise<number> {
    const r = await trx.insertInto('lever_orders').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  /** Inserts an order and returns its row as stored. */
  create(trx: Db, row: Insertable<LeverOrdersTable>): Promise<LeverOrder> {
    return trx.insertInto('lever_orders').values(row).returningAll().executeTakeFirstOrThrow();
  },
  byId(db: Db, id: number): Promise<LeverOrder | undefined> {
    return db.selectFrom('lever_orders').selectAll().where('id', '=', id).executeTakeFirst();
  },
  liveOf(db: Db, userId: number, legalId?: number): Promise<LeverOrder[]> {
    let q = db
      .selectFrom('lever_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', [0, 1]);
    if (legalId !== undefined) q = q.where('legal_id', '=', legalId);
    return q.orderBy('id', 'desc').limit(10_000).execute();
  },
  async countLive(trx: Db, userId: number, marketId: number): Promise<number> {
    const r = await trx
      .selectFrom('lever_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('market_id', '=', marketId)
      .where('status', 'in', [0, 1])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
  async page(
    db: Db,
    q: {
      userId: number;
      statuses: number[];
      legalId?: number;
      marketId?: number;
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: LeverOrder[]; total: number }> {
    let base = db
      .selectFrom('lever_orders')
      .where('user_id', '=', q.userId)
      .where('status', 'in', q.statuses);
    if (q.legalId) base = base.where('legal_id', '=', q.legalId);
    if (q.marketId) base = base.where('market_id', '=', q.marketId);
    const { rows, total } = await pagedQuery(base, q, (b) => b.selectAll().orderBy('id', 'desc'));
    return { rows, total };
  },
  /** Moves an order from one status to another; false when it was no longer in `from` (someone else won). */
  async transition(
    trx: Db,
    id: number,
    from: number,
    set: Partial<Omit<Insertable<LeverOrdersTable>, 'id'>>,
  ): Promise<boolean> {
    return (await leverRepo.update(trx, id, from, set)) !== undefined;
  },
  /** `transition` returning the row as changed (undefined when it was no longer in `from`). */
  update(
    trx: Db,
    id: number,
    from: number,
    set: Partial<Omit<Insertable<LeverOrdersTable>, 'id'>>,
  ): Promise<LeverOrder | undefined> {
    return trx
      .updateTable('lever_orders')
      .set(set)
      .where('id', '=', id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
  },
  /** Whether the user holds open positions or pending orders with margin in `legalId` (the wallet seam). */
  async hasLive(db: Db, userId: number, legalId: number): Promise<boolean> {
    const r = await db
      .selectFrom('lever_orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('legal_id', '=', legalId)
      .where('status', 'in', [0, 1])
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  },

  /** Open positions opened before `startMs` not yet charged for `day`, in id order. */
  overnightDue: (db: Db, startMs: number, day: string) =>
    db
      .selectFrom('lever_orders')
      .selectAll()
      .where('status', '=', 1)
      .where('opened_at', '<', startMs)
      .where('overnight_day', '<', day)
      .orderBy('id')
      .execute(),

  /** Records a night's charge on a position, once per day. */
  async chargeNight(db: Db, id: number, day: string, set: { margin_minor: bigint; overnight_minor: bigint }) {
    await db
      .updateTable('lever_orders')
      .set({ ...set, overnight_day: day })
      .where('id', '=', id)
      .where('overnight_day', '<', day)
      .execute();
  },

  async hasOpenPosition(db: Db): Promise<boolean> {
    const r = await db
      .selectFrom('lever_orders')
      .select('id')
      .where('status', '=', 1)
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  },

  /** These orders while still open, in id order; held until the transaction ends with `isLocked`. */
  openByIds(db: Db, ids: readonly number[], isLocked: boolean): Promise<LeverOrder[]> {
    let q = db
      .selectFrom('lever_orders')
      .selectAll()
      .where('id', 'in', [...ids])
      .where('status', '=', 1)
      .orderBy('id');
    if (isLocked) q = q.forUpdate();
    return q.execute();
  },

  /** These orders as stored now, whatever their status (the index learning another process's writes). */
  byIds(db: Db, ids: readonly number[]): Promise<LeverOrder[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('lever_orders')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  },

  /** Every pending order and open position, in id order (the risk loop's index). */
  allLive: (db: Db): Promise<LeverOrder[]> =>
    db.selectFrom('lever_orders').selectAll().where('status', 'in', [0, 1]).orderBy('id').execute(),
};
