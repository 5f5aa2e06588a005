/**
 * SQL of the Binance streams: read once per (market, interval) or per market when a stream is first
 * asked for, never per client. Trades only (`spot_trades`, index market_id + created_at + id).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** The trades of one market in [fromMs, toMs): their aggregate, ids and taker-buy volumes. */
export interface TradeAggregate {
  n: number;
  firstId: number | null;
  lastId: number | null;
  high_minor: bigint | null;
  low_minor: bigint | null;
  volume_minor: bigint | null;
  quote_minor: bigint | null;
  buy_volume_minor: bigint | null;
  buy_quote_minor: bigint | null;
}

export const streamRepo = {
  async tradeAggregate(db: Db, marketId: number, fromMs: number, toMs: number): Promise<TradeAggregate> {
    const r = await db
      .selectFrom('spot_trades')
      .select([
        sql<number>`COUNT(*)`.as('n'),
        sql<number | null>`MIN(id)`.as('firstId'),
        sql<number | null>`MAX(id)`.as('lastId'),
        sql<bigint | null>`MAX(price_minor)`.as('high_minor'),
        sql<bigint | null>`MIN(price_minor)`.as('low_minor'),
        sql<bigint | null>`SUM(amount_minor)`.as('volume_minor'),
        sql<bigint | null>`SUM(quote_minor)`.as('quote_minor'),
        sql<bigint | null>`SUM(CASE WHEN taker_side = 1 THEN amount_minor ELSE 0 END)`.as('buy_volume_minor'),
        sql<bigint | null>`SUM(CASE WHEN taker_side = 1 THEN quote_minor ELSE 0 END)`.as('buy_quote_minor'),
      ])
      .where('market_id', '=', marketId)
      .where('created_at', '>=', fromMs)
      .where('created_at', '<', toMs)
      .executeTakeFirstOrThrow();
    return { ...r, n: Number(r.n) };
  },

  async tradePrice(db: Db, id: number): Promise<bigint | undefined> {
    const r = await db
      .selectFrom('spot_trades')
      .select('price_minor')
      .where('id', '=', id)
      .executeTakeFirst();
    return r?.price_minor;
  },

  /** Per minute (start ms) since `fromMs`, the first trade id of the market in it. */
  async firstTradeIdsByMinute(db: Db, marketId: number, fromMs: number) {
    const rows = await db
      .selectFrom('spot_trades')
      .select([sql<number>`created_at / 60000`.as('minute'), sql<number>`MIN(id)`.as('firstId')])
      .where('market_id', '=', marketId)
      .where('created_at', '>=', fromMs)
      .groupBy(sql`created_at / 60000`)
      .execute();
    return rows.map((r) => ({ minuteStart: Number(r.minute) * 60_000, firstId: Number(r.firstId) }));
  },
};
