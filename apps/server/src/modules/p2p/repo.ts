/** SQL of peer-to-peer ads and deals. Every state change is a conditional UPDATE: it reports whether it won. */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { P2pAdsTable, P2pDealsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
import { OPEN_STATES } from './deal-states';

export type P2pAd = Selectable<P2pAdsTable>;
export type P2pDeal = Selectable<P2pDealsTable>;

/** Ad `status`: open (takeable), done (everything dealt), withdrawn (by its owner or the timer). */
export const AD_STATUS = { open: 0, done: 1, withdrawn: 2 } as const;

const won = (r: { numUpdatedRows: bigint }): boolean => Number(r.numUpdatedRows) > 0;

export const p2pRepo = {
  async insertAd(trx: Db, ad: Insertable<P2pAdsTable>): Promise<number> {
    const row = await trx.insertInto('p2p_ads').values(ad).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async insertDeal(trx: Db, deal: Insertable<P2pDealsTable>): Promise<number> {
    const row = await trx.insertInto('p2p_deals').values(deal).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  findAd(db: Db, id: number): Promise<P2pAd | undefined> {
    return db.selectFrom('p2p_ads').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findDeal(db: Db, id: number): Promise<P2pDeal | undefined> {
    return db.selectFrom('p2p_deals').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Takes `amount` off an open ad's remaining amount, only if that much is left. */
  async takeFromAd(trx: Db, adId: number, amount: bigint, at: number): Promise<boolean> {
    const r = await trx
      .updateTable('p2p_ads')
      .set({ surplus_minor: sql<bigint>`surplus_minor - ${amount}`, updated_at: at })
      .where('id', '=', adId)
      .where('status', '=', AD_STATUS.open)
      .where('surplus_minor', '>=', amount)
      .executeTakeFirst();
    return won(r);
  },

  /** Gives `amount` back to an ad's remaining amount, only while it is open. */
  async giveBackToAd(trx: Db, adId: number, amount: bigint, at: number): Promise<boolean> {
    const r = await trx
      .updateTable('p2p_ads')
      .set({ surplus_minor: sql<bigint>`surplus_minor + ${amount}`, updated_at: at })
      .where('id', '=', adId)
      .where('status', '=', AD_STATUS.open)
      .executeTakeFirst();
    return won(r);
  },

  /** Closes an open ad (done or withdrawn) only when no deal on it is still open. */
  async closeAd(
    trx: Db,
    adId: number,
    status: typeof AD_STATUS.done | typeof AD_STATUS.withdrawn,
    at: number,
    opts: { onlyWhenEmpty?: boolean } = {},
  ): Promise<boolean> {
    let q = trx
      .updateTable('p2p_ads')
      .set({ status, updated_at: at })
      .where('id', '=', adId)
      .where('status', '=', AD_STATUS.open)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('p2p_deals')
              .select('p2p_deals.id')
              .where('p2p_deals.ad_id', '=', adId)
              .where('p2p_deals.is_sure', 'in', [...OPEN_STATES]),
          ),
        ),
      );
    if (opts.onlyWhenEmpty) q = q.where('surplus_minor', '=', 0n);
    return won(await q.executeTakeFirst());
  },

  /** Moves a deal from one state to another; false when another transition got there first. */
  async moveDeal(
    trx: Db,
    dealId: number,
    from: number,
    to: number,
    at: number,
    extra: { paid_at?: number; ended_at?: number; cancelled_by?: number } = {},
  ): Promise<boolean> {
    const r = await trx
      .updateTable('p2p_deals')
      .set({ is_sure: to, updated_at: at, ...extra })
      .where('id', '=', dealId)
      .where('is_sure', '=', from)
      .executeTakeFirst();
    return won(r);
  },

  /** Deals this user cancelled since `since` (ms). */
  async countCancels(db: Db, userId: number, since: number): Promise<number> {
    const row = await db
      .selectFrom('p2p_deals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cancelled_by', '=', userId)
      .where('ended_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

/** Which ads a list shows (ad-list.ts). */
export interface AdFilter {
  kind: 'c2c' | 'shop';
  /** Open ads only; with something left (`hasLeft`); on the shelf (`onShelf`). */
  open?: boolean;
  hasLeft?: boolean;
  onShelf?: boolean;
  userId?: number;
  shopId?: number;
  /** 0: open ads, 1: finished ones. */
  done?: 0 | 1;
  type?: string;
  currencyId?: number;
}

/** Which deals a list shows: the viewer's takes (`takerId`), or deals on the owner's ads. */
export interface DealFilter {
  kind: 'c2c' | 'shop';
  takerId?: number;
  adUserId?: number;
  adId?: number;
  /** Finished deals only, optionally where the owner was the seller or the buyer. */
  state?: number;
  ownerSide?: 'sell' | 'buy';
  currencyId?: number;
}

export type Paged<T> = { rows: T[]; total: number };

export const p2pListRepo = {
  /** A page of ads, newest first. */
  async pageAds(db: Db, f: AdFilter, page: number, size: number): Promise<Paged<P2pAd>> {
    let base = db.selectFrom('p2p_ads').where('kind', '=', f.kind);
    if (f.open) base = base.where('status', '=', AD_STATUS.open);
    if (f.hasLeft) base = base.where('surplus_minor', '>', 0n);
    if (f.onShelf) base = base.where('is_shelves', '=', 1);
    if (f.userId !== undefined) base = base.where('user_id', '=', f.userId);
    if (f.shopId !== undefined) base = base.where('shop_id', '=', f.shopId);
    if (f.done !== undefined) base = base.where('status', f.done === 0 ? '=' : '!=', AD_STATUS.open);
    if (f.type) base = base.where('type', '=', f.type);
    if (f.currencyId) base = base.where('currency_id', '=', f.currencyId);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return { rows, total: Number(n) };
  },

  /** A page of C2C or shop deals, newest first. */
  async pageDeals(db: Db, f: DealFilter, page: number, size: number): Promise<Paged<P2pDeal>> {
    let base = db.selectFrom('p2p_deals').where('kind', '=', f.kind);
    if (f.takerId !== undefined) base = base.where('taker_id', '=', f.takerId);
    if (f.adId !== undefined) base = base.where('ad_id', '=', f.adId);
    if (f.adUserId !== undefined) base = base.where('ad_user_id', '=', f.adUserId);
    if (f.state !== undefined) base = base.where('is_sure', '=', f.state);
    if (f.currencyId) base = base.where('currency_id', '=', f.currencyId);
    if (f.ownerSide === 'sell' && f.adUserId !== undefined) base = base.where('seller_id', '=', f.adUserId);
    if (f.ownerSide === 'buy' && f.adUserId !== undefined) base = base.where('buyer_id', '=', f.adUserId);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return { rows, total: Number(n) };
  },
};
