/** SQL of seconds options (orders). Configuration SQL is in config.ts. */
import type { Selectable } from 'kysely';
import type { MicroOrdersTable } from '@oryx/db/schema';
import type { DbOrTrx } from '../ledger/service';

export type MicroOrder = Selectable<MicroOrdersTable>;

export const microRepo = {
  async insertOrder(
    trx: DbOrTrx,
    o: Omit<
      MicroOrder,
      | 'id'
      | 'end_price_minor'
      | 'end_trade_id'
      | 'end_trade_at'
      | 'result'
      | 'fact_profits_minor'
      | 'settled_at'
    >,
  ): Promise<number> {
    const row = await trx
      .insertInto('micro_orders')
      .values({
        ...o,
        end_price_minor: null,
        end_trade_id: null,
        end_trade_at: null,
        result: null,
        fact_profits_minor: null,
        settled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async countOpen(trx: DbOrTrx, userId: number, currencyId: number): Promise<number> {
    const row = await trx
      .selectFrom('micro_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 1)
      .where('currency_id', '=', currencyId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  byId(db: DbOrTrx, id: number): Promise<MicroOrder | undefined> {
    return db.selectFrom('micro_orders').selectAll().where('id', '=', id).executeTakeFirst();
  },

  openByIds(db: DbOrTrx, ids: number[]): Promise<MicroOrder[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('micro_orders')
      .selectAll()
      .where('id', 'in', ids)
      .where('status', '=', 1)
      .orderBy('id')
      .execute();
  },

  /** Closes an open order; false when it was not open (already settled: the job ran before). */
  async close(
    trx: DbOrTrx,
    id: number,
    s: {
      end_price_minor: bigint;
      end_trade_id: number;
      end_trade_at: number;
      result: number;
      fact_profits_minor: bigint;
      settled_at: number;
    },
  ): Promise<boolean> {
    const r = await trx
      .updateTable('micro_orders')
      .set({ ...s, status: 3 })
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async page(
    db: DbOrTrx,
    q: { userId: number; status: number; marketId?: number; offset: number; limit: number },
  ): Promise<{ rows: MicroOrder[]; total: number }> {
    let base = db.selectFrom('micro_orders').where('user_id', '=', q.userId).where('status', '=', q.status);
    if (q.marketId !== undefined) base = base.where('market_id', '=', q.marketId);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },
};
