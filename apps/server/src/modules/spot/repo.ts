/**
 * SQL of the spot area. Multi-row statements for the committer's batches; reads for the calls.
 */
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database, SpotOrdersTable, SpotTradesTable } from '@oryx/db/schema';
import type { Db, Dialect } from '../../db/connection';
import { bulkInsert, bulkRun } from '../../lib/bulk-sql';
import type { Bar, KlinePeriod } from './candles';
import { usersRepo } from '../users/repo';

export type OrderRow = Selectable<SpotOrdersTable>;
export type TradeRow = Selectable<SpotTradesTable>;
type Trx = Transaction<Database>;

const ORDER_COLUMNS = [
  'id',
  'user_id',
  'market_id',
  'side',
  'kind',
  'price_minor',
  'amount_minor',
  'filled_amount_minor',
  'filled_quote_minor',
  'fee_minor',
  'held_minor',
  'status',
  'cancel_reason',
  'client_oid',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof OrderRow)[];

const TRADE_COLUMNS = [
  'id',
  'market_id',
  'price_minor',
  'amount_minor',
  'quote_minor',
  'taker_side',
  'maker_order_id',
  'taker_order_id',
  'maker_user_id',
  'taker_user_id',
  'maker_fee_minor',
  'taker_fee_minor',
  'created_at',
] as const satisfies readonly (keyof TradeRow)[];

/** Rows per multi-row statement (17 columns x 500 stays far below both databases' parameter limits). */
const CHUNK = 500;

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const barFromRow = (r: {
  open_time: number;
  open_minor: bigint;
  high_minor: bigint;
  low_minor: bigint;
  close_minor: bigint;
  volume_minor: bigint;
  quote_volume_minor: bigint;
  trade_count: number;
}): Bar => ({
  openTime: r.open_time,
  open: r.open_minor,
  high: r.high_minor,
  low: r.low_minor,
  close: r.close_minor,
  volume: r.volume_minor,
  quoteVolume: r.quote_volume_minor,
  trades: r.trade_count,
});

export const spotRepo = {
  /**
   * Takes the next block of `size` order (or trade) ids for an owner of some markets: [first, end). One
   * statement, so two processes never get the same block; it starts above every id already used (the
   * single engine, which counts from max(id) + 1, may have run on this database before). PostgreSQL.
   */
  async takeIdBlock(db: Db, name: 'order' | 'trade', size: number): Promise<[number, number]> {
    const table = name === 'order' ? sql.table('spot_orders') : sql.table('spot_trades');
    const r = await sql<{ next_id: string }>`
      update spot_id_blocks
         set next_id = greatest(next_id, (select coalesce(max(id), 0) + 1 from ${table})) + ${size}
       where name = ${name}
   returning next_id`.execute(db);
    const end = Number(r.rows[0]!.next_id);
    return [end - size, end];
  },

  async maxIds(db: Db): Promise<{ orderId: number; tradeId: number }> {
    const o = await db
      .selectFrom('spot_orders')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    const t = await db
      .selectFrom('spot_trades')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    return { orderId: Number(o?.m ?? 0), tradeId: Number(t?.m ?? 0) };
  },

  /** Open orders of a market in time priority (ids increase with arrival). */
  openOrders(db: Db, marketId: number) {
    return db
      .selectFrom('spot_orders')
      .selectAll()
      .where('market_id', '=', marketId)
      .where('status', '=', 1)
      .orderBy('id')
      .execute();
  },

  recentTrades(db: Db, marketId: number, limit: number) {
    return db
      .selectFrom('spot_trades')
      .selectAll()
      .where('market_id', '=', marketId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  async latestBar(db: Db, marketId: number, period: KlinePeriod): Promise<Bar | undefined> {
    const r = await db
      .selectFrom('spot_candles')
      .selectAll()
      .where('market_id', '=', marketId)
      .where('period', '=', period)
      .orderBy('open_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? barFromRow(r) : undefined;
  },

  /** Bars with fromMs <= open_time <= toMs, oldest first; the newest `limit` of them. */
  async bars(db: Db, marketId: number, period: KlinePeriod, fromMs: number, toMs: number, limit: number) {
    const rows = await db
      .selectFrom('spot_candles')
      .selectAll()
      .where('market_id', '=', marketId)
      .where('period', '=', period)
      .where('open_time', '>=', fromMs)
      .where('open_time', '<=', toMs)
      .orderBy('open_time', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map(barFromRow);
  },

  async ordersByClientIds(trx: Db, wanted: { userId: number; marketId: number; clientOid: string }[]) {
    const out: OrderRow[] = [];
    for (const part of chunks(wanted)) {
      const rows = await trx
        .selectFrom('spot_orders')
        .selectAll()
        .where('user_id', 'in', [...new Set(part.map((w) => w.userId))])
        .where('client_oid', 'in', [...new Set(part.map((w) => w.clientOid))])
        .execute();
      const keys = new Set(part.map((w) => `${w.userId}/${w.marketId}/${w.clientOid}`));
      for (const r of rows) if (keys.has(`${r.user_id}/${r.market_id}/${r.client_oid}`)) out.push(r);
    }
    return out;
  },

  insertOrders(trx: Trx, dialect: Dialect, rows: OrderRow[]) {
    return bulkInsert(
      trx,
      dialect,
      'spot_orders',
      ORDER_COLUMNS,
      rows.map((o) => ORDER_COLUMNS.map((c) => o[c])),
    );
  },

  /** Writes the changing columns of existing orders. */
  updateOrders(trx: Trx, dialect: Dialect, rows: OrderRow[]) {
    return bulkRun(
      trx,
      dialect,
      'WITH v(id, filled, filled_quote, fee, held, status, cancel_reason, updated_at) AS (VALUES ',
      '(CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS BIGINT))',
      `) UPDATE spot_orders
           SET filled_amount_minor = v.filled, filled_quote_minor = v.filled_quote, fee_minor = v.fee,
               held_minor = v.held, status = v.status, cancel_reason = v.cancel_reason, updated_at = v.updated_at
          FROM v
         WHERE spot_orders.id = v.id`,
      rows.map((o) => [
        o.id,
        o.filled_amount_minor,
        o.filled_quote_minor,
        o.fee_minor,
        o.held_minor,
        o.status,
        o.cancel_reason,
        o.updated_at,
      ]),
    );
  },

  insertTrades(trx: Trx, dialect: Dialect, rows: TradeRow[]) {
    return bulkInsert(
      trx,
      dialect,
      'spot_trades',
      TRADE_COLUMNS,
      rows.map((t) => TRADE_COLUMNS.map((c) => t[c])),
    );
  },

  upsertBars(trx: Trx, dialect: Dialect, bars: { marketId: number; period: KlinePeriod; bar: Bar }[]) {
    return bulkInsert(
      trx,
      dialect,
      'spot_candles',
      [
        'market_id',
        'period',
        'open_time',
        'open_minor',
        'high_minor',
        'low_minor',
        'close_minor',
        'volume_minor',
        'quote_volume_minor',
        'trade_count',
      ],
      bars.map(({ marketId, period, bar }) => [
        marketId,
        period,
        bar.openTime,
        bar.open,
        bar.high,
        bar.low,
        bar.close,
        bar.volume,
        bar.quoteVolume,
        bar.trades,
      ]),
      `on conflict ("market_id", "period", "open_time") do update set
         open_minor = excluded.open_minor, high_minor = excluded.high_minor, low_minor = excluded.low_minor,
         close_minor = excluded.close_minor, volume_minor = excluded.volume_minor,
         quote_volume_minor = excluded.quote_volume_minor, trade_count = excluded.trade_count`,
    );
  },

  // ---- reads for the calls ----

  order(db: Db, id: number) {
    return db.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirst();
  },

  trade(db: Db, id: number) {
    return db.selectFrom('spot_trades').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** A user's orders, newest first. */
  userOrders(
    db: Db,
    f: {
      userId: number;
      status?: 'open' | 'done';
      side?: number;
      marketIds?: number[];
      offset: number;
      limit: number;
    },
  ) {
    let q = db.selectFrom('spot_orders').selectAll().where('user_id', '=', f.userId);
    if (f.status === 'open') q = q.where('status', '=', 1);
    if (f.status === 'done') q = q.where('status', 'in', [2, 3]);
    if (f.side !== undefined) q = q.where('side', '=', f.side);
    if (f.marketIds) q = q.where('market_id', 'in', f.marketIds.length ? f.marketIds : [-1]);
    return q.orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute();
  },

  async countUserOrders(db: Db, f: { userId: number; status: 'open'; side: number }) {
    const r = await db
      .selectFrom('spot_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', f.userId)
      .where('status', '=', 1)
      .where('side', '=', f.side)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Trades a user took part in (either side), newest first. */
  userTrades(db: Db, userId: number, offset: number, limit: number) {
    return db
      .selectFrom('spot_trades')
      .selectAll()
      .where((eb) => eb.or([eb('maker_user_id', '=', userId), eb('taker_user_id', '=', userId)]))
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async countUserTrades(db: Db, userId: number) {
    const r = await db
      .selectFrom('spot_trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('maker_user_id', '=', userId), eb('taker_user_id', '=', userId)]))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  hasTrades(db: Db, marketId: number) {
    return db
      .selectFrom('spot_trades')
      .select('id')
      .where('market_id', '=', marketId)
      .limit(1)
      .executeTakeFirst()
      .then((r) => r !== undefined);
  },

  accountNumber(db: Db, userId: number) {
    return usersRepo.byId(db, userId).then((r) => r?.account_number ?? '');
  },
  /** The last trade of a market at or before `atMs` (ties: the highest id). */
  lastTradeAt: (db: Db, marketId: number, atMs: number) =>
    db
      .selectFrom('spot_trades')
      .select(['id', 'price_minor', 'created_at'])
      .where('market_id', '=', marketId)
      .where('created_at', '<=', atMs)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** The last trade of a market. */
  lastTrade: (db: Db, marketId: number) =>
    db
      .selectFrom('spot_trades')
      .select(['price_minor', 'created_at'])
      .where('market_id', '=', marketId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
};
