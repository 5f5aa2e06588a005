/** SQL of seconds options (orders). Configuration SQL is in config.ts. */
import { sql, type Selectable } from 'kysely';
import type { MicroOrdersTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
import { pagedQuery } from '../../lib/paging';

export type MicroOrder = Selectable<MicroOrdersTable>;

/** Orders per multi-row UPDATE: far below both databases' parameter limits (7 per row). */
const CLOSE_CHUNK = 500;

export const microRepo = {
  async insertOrder(
    trx: Db,
    o: Omit<
      MicroOrder,
      | 'id'
      | 'end_price_minor'
      | 'end_trade_id'
      | 'end_trade_at'
      | 'result'
      | 'fact_profits_minor'
      | 'settled_at'
      | 'end_mark_id'
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
        end_mark_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async countOpen(trx: Db, userId: number, currencyId: number): Promise<number> {
    const row = await trx
      .selectFrom('micro_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 1)
      .where('currency_id', '=', currencyId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Open stakes of one direction on a market, summed per payout ratio (the exposure limit). */
  async openStakeByRatio(
    trx: Db,
    marketId: number,
    type: number,
  ): Promise<{ ratioBps: number; stakeMinor: bigint }[]> {
    const rows = await trx
      .selectFrom('micro_orders')
      .select(['profit_ratio_bps', (eb) => eb.fn.sum<bigint>('stake_minor').as('stake_minor')])
      .where('market_id', '=', marketId)
      .where('status', '=', 1)
      .where('type', '=', type)
      .groupBy('profit_ratio_bps')
      .execute();
    return rows.map((r) => ({ ratioBps: r.profit_ratio_bps, stakeMinor: BigInt(r.stake_minor ?? 0) }));
  },

  byId(db: Db, id: number): Promise<MicroOrder | undefined> {
    return db.selectFrom('micro_orders').selectAll().where('id', '=', id).executeTakeFirst();
  },

  openByIds(db: Db, ids: number[]): Promise<MicroOrder[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('micro_orders')
      .selectAll()
      .where('id', 'in', ids)
      .where('status', '=', 1)
      .orderBy('id')
      .execute();
  },

  /**
   * Closes many open orders in few statements (settlement of a batch of expiries). Returns how many
   * rows changed; an order that was not open is left alone (the caller treats a shortfall as an error).
   */
  async closeMany(
    trx: Db,
    rows: {
      id: number;
      end_price_minor: bigint;
      end_trade_id: number;
      end_trade_at: number;
      end_mark_id: number;
      result: number;
      fact_profits_minor: bigint;
    }[],
    settledAt: number,
  ): Promise<number> {
    let changed = 0;
    for (let i = 0; i < rows.length; i += CLOSE_CHUNK) {
      const values = sql.join(
        rows
          .slice(i, i + CLOSE_CHUNK)
          .map(
            (r) =>
              sql`(CAST(${r.id} AS BIGINT), CAST(${r.end_price_minor} AS BIGINT), CAST(${r.end_trade_id} AS BIGINT), CAST(${r.end_trade_at} AS BIGINT), CAST(${r.end_mark_id} AS BIGINT), CAST(${r.result} AS INTEGER), CAST(${r.fact_profits_minor} AS BIGINT))`,
          ),
      );
      const result = await sql`WITH v(id, ep, eti, eta, emi, res, fp) AS (VALUES ${values})
        UPDATE micro_orders
           SET status = 3, end_price_minor = v.ep, end_trade_id = v.eti, end_trade_at = v.eta,
               end_mark_id = v.emi, result = v.res, fact_profits_minor = v.fp, settled_at = ${settledAt}
          FROM v
         WHERE micro_orders.id = v.id AND micro_orders.status = 1`.execute(trx);
      changed += Number(result.numAffectedRows ?? 0);
    }
    return changed;
  },

  async page(
    db: Db,
    q: { userId: number; status: number; marketId?: number; offset: number; limit: number },
  ): Promise<{ rows: MicroOrder[]; total: number }> {
    let base = db.selectFrom('micro_orders').where('user_id', '=', q.userId).where('status', '=', q.status);
    if (q.marketId !== undefined) base = base.where('market_id', '=', q.marketId);
    const { rows, total } = await pagedQuery(base, q, (b) => b.selectAll().orderBy('id', 'desc'));
    return { rows, total };
  },
};
