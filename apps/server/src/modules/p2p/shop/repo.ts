/** SQL of merchant shops: the shops themselves, the on-shelf flag, figures over their deals. */
import type { Selectable } from 'kysely';
import type { P2pShopsTable } from '@oryx/db/schema';
import type { Db } from '../../../db/connection';
import { DEAL_STATE, OPEN_STATES } from '../deal-states';
import { AD_STATUS } from '../repo';

export type Shop = Selectable<P2pShopsTable>;

export const shopRepo = {
  findShop(db: Db, id: number): Promise<Shop | undefined> {
    return db.selectFrom('p2p_shops').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findShopOf(db: Db, userId: number, currencyId: number): Promise<Shop | undefined> {
    return db
      .selectFrom('p2p_shops')
      .selectAll()
      .where('user_id', '=', userId)
      .where('currency_id', '=', currencyId)
      .executeTakeFirst();
  },

  names(db: Db, ids: number[]) {
    return db.selectFrom('p2p_shops').select(['id', 'name']).where('id', 'in', ids).execute();
  },

  shopsOf(db: Db, userId: number): Promise<Shop[]> {
    return db.selectFrom('p2p_shops').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  },

  async insertShop(db: Db, shop: { user_id: number; currency_id: number; name: string; at: number }) {
    const row = await db
      .insertInto('p2p_shops')
      .values({ user_id: shop.user_id, currency_id: shop.currency_id, name: shop.name, created_at: shop.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** Flips an open shop ad's shelf flag; false when the ad is not open. */
  async flipShelf(trx: Db, adId: number, to: 0 | 1, at: number): Promise<boolean> {
    const r = await trx
      .updateTable('p2p_ads')
      .set({ is_shelves: to, updated_at: at })
      .where('id', '=', adId)
      .where('status', '=', AD_STATUS.open)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /**
   * Coins of a shop held in escrow: the remaining amount of its open sell ads plus the open deals taken
   * on them.
   */
  async lockedOf(db: Db, shopId: number): Promise<bigint> {
    const ads = await db
      .selectFrom('p2p_ads')
      .select((eb) => eb.fn.sum<string | number | bigint | null>('surplus_minor').as('s'))
      .where('shop_id', '=', shopId)
      .where('type', '=', 'sell')
      .where('status', '=', AD_STATUS.open)
      .executeTakeFirstOrThrow();
    const deals = await db
      .selectFrom('p2p_deals')
      .innerJoin('p2p_ads', 'p2p_ads.id', 'p2p_deals.ad_id')
      .select((eb) => eb.fn.sum<string | number | bigint | null>('p2p_deals.number_minor').as('s'))
      .where('p2p_ads.shop_id', '=', shopId)
      .where('p2p_ads.type', '=', 'sell')
      .where('p2p_deals.is_sure', 'in', [...OPEN_STATES])
      .executeTakeFirstOrThrow();
    return BigInt(ads.s ?? 0) + BigInt(deals.s ?? 0);
  },

  /** A shop's deal figures: every deal, the finished ones, the ended ones, those finished since `since`. */
  async figures(db: Db, shopId: number, since: number) {
    const row = await db
      .selectFrom('p2p_deals')
      .innerJoin('p2p_ads', 'p2p_ads.id', 'p2p_deals.ad_id')
      .where('p2p_ads.shop_id', '=', shopId)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .sum<number>(eb.case().when('p2p_deals.is_sure', '=', DEAL_STATE.done).then(1).else(0).end())
          .as('done'),
        eb.fn
          .sum<number>(eb.case().when('p2p_deals.is_sure', '=', DEAL_STATE.cancelled).then(1).else(0).end())
          .as('cancelled'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.and([
                  eb('p2p_deals.is_sure', '=', DEAL_STATE.done),
                  eb('p2p_deals.ended_at', '>=', since),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('recent'),
      ])
      .executeTakeFirstOrThrow();
    const n = (v: unknown) => Number(v ?? 0);
    return { total: n(row.total), done: n(row.done), cancelled: n(row.cancelled), recent: n(row.recent) };
  },

  /**
   * A page of shop deals, newest first: those the viewer took, or (`owner`) those on the viewer's shop
   * ads (one ad, one shop); `type` is the ad's side, as the rows show it.
   */
  async pageDeals(
    db: Db,
    viewerId: number,
    q: {
      page: number;
      owner?: boolean;
      adId?: number;
      shopId?: number;
      currency_id?: number;
      is_sure?: number;
      type?: string;
    },
    size: number,
  ) {
    let base = db
      .selectFrom('p2p_deals')
      .innerJoin('p2p_ads', 'p2p_ads.id', 'p2p_deals.ad_id')
      .where('p2p_deals.kind', '=', 'shop');
    if (!q.owner) base = base.where('p2p_deals.taker_id', '=', viewerId);
    else base = base.where('p2p_deals.ad_user_id', '=', viewerId);
    if (q.adId !== undefined) base = base.where('p2p_deals.ad_id', '=', q.adId);
    if (q.shopId !== undefined) base = base.where('p2p_ads.shop_id', '=', q.shopId);
    if (q.currency_id) base = base.where('p2p_deals.currency_id', '=', q.currency_id);
    if (q.is_sure !== undefined) base = base.where('p2p_deals.is_sure', '=', q.is_sure);
    if (q.type) base = base.where('p2p_ads.type', '=', q.type);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('p2p_deals')
      .select('p2p_ads.shop_id')
      .orderBy('p2p_deals.id', 'desc')
      .limit(size)
      .offset((q.page - 1) * size)
      .execute();
    return { rows, total: Number(n) };
  },
};
