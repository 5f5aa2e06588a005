/** SQL of the Binance-compatible API: reads of the spot area's orders and trades, as its queries filter them. */
import type { Db } from '../../db/connection';

export const binanceRepo = {
  userOrder: (db: Db, userId: number, id: number) =>
    db
      .selectFrom('spot_orders')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  userOrderByClientId: (db: Db, userId: number, marketId: number, clientOid: string) =>
    db
      .selectFrom('spot_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('market_id', '=', marketId)
      .where('client_oid', '=', clientOid)
      .executeTakeFirst(),

  /** Open orders, oldest first (one market, or all). */
  openOrders: (db: Db, userId: number, marketId: number | undefined, limit: number) => {
    let q = db.selectFrom('spot_orders').selectAll().where('user_id', '=', userId).where('status', '=', 1);
    if (marketId !== undefined) q = q.where('market_id', '=', marketId);
    return q.orderBy('id', 'asc').limit(limit).execute();
  },

  /** `allOrders`: from `fromId` up, or in a time range; oldest first, at most `limit`. */
  orders: (
    db: Db,
    f: { userId: number; marketId: number; fromId?: number; startMs?: number; endMs?: number; limit: number },
  ) => {
    let q = db
      .selectFrom('spot_orders')
      .selectAll()
      .where('user_id', '=', f.userId)
      .where('market_id', '=', f.marketId);
    if (f.fromId !== undefined) q = q.where('id', '>=', f.fromId);
    if (f.startMs !== undefined) q = q.where('created_at', '>=', f.startMs);
    if (f.endMs !== undefined) q = q.where('created_at', '<=', f.endMs);
    // Without a start, Binance answers the latest orders (still listed oldest first).
    if (f.fromId === undefined && f.startMs === undefined)
      return q
        .orderBy('id', 'desc')
        .limit(f.limit)
        .execute()
        .then((r) => r.reverse());
    return q.orderBy('id', 'asc').limit(f.limit).execute();
  },

  /** A market's trades for `trades` / `aggTrades`: latest, or from an id, or in a time range; oldest first. */
  marketTrades: (
    db: Db,
    f: { marketId: number; fromId?: number; startMs?: number; endMs?: number; limit: number },
  ) => {
    let q = db.selectFrom('spot_trades').selectAll().where('market_id', '=', f.marketId);
    if (f.fromId !== undefined) q = q.where('id', '>=', f.fromId);
    if (f.startMs !== undefined) q = q.where('created_at', '>=', f.startMs);
    if (f.endMs !== undefined) q = q.where('created_at', '<=', f.endMs);
    if (f.fromId === undefined && f.startMs === undefined)
      return q
        .orderBy('id', 'desc')
        .limit(f.limit)
        .execute()
        .then((r) => r.reverse());
    return q.orderBy('id', 'asc').limit(f.limit).execute();
  },

  /** `myTrades`: the user's trades in one market (of one order), oldest first. */
  userTrades: (
    db: Db,
    f: {
      userId: number;
      marketId: number;
      orderId?: number;
      fromId?: number;
      startMs?: number;
      endMs?: number;
      limit: number;
    },
  ) => {
    let q = db
      .selectFrom('spot_trades')
      .selectAll()
      .where('market_id', '=', f.marketId)
      .where((eb) => eb.or([eb('maker_user_id', '=', f.userId), eb('taker_user_id', '=', f.userId)]));
    if (f.orderId !== undefined) {
      const id = f.orderId;
      q = q.where((eb) => eb.or([eb('maker_order_id', '=', id), eb('taker_order_id', '=', id)]));
    }
    if (f.fromId !== undefined) q = q.where('id', '>=', f.fromId);
    if (f.startMs !== undefined) q = q.where('created_at', '>=', f.startMs);
    if (f.endMs !== undefined) q = q.where('created_at', '<=', f.endMs);
    if (f.fromId === undefined && f.startMs === undefined && f.orderId === undefined)
      return q
        .orderBy('id', 'desc')
        .limit(f.limit)
        .execute()
        .then((r) => r.reverse());
    return q.orderBy('id', 'asc').limit(f.limit).execute();
  },

  /**
   * The trades an order took part in (its fills), oldest first: read along the market's time index from
   * the order's creation (no fill is older).
   */
  orderTrades: (db: Db, order: { id: number; market_id: number; created_at: number }, limit: number) =>
    db
      .selectFrom('spot_trades')
      .selectAll()
      .where('market_id', '=', order.market_id)
      .where('created_at', '>=', order.created_at)
      .where((eb) => eb.or([eb('maker_order_id', '=', order.id), eb('taker_order_id', '=', order.id)]))
      .orderBy('id', 'asc')
      .limit(limit)
      .execute(),
};
