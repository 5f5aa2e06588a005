import type { Db } from '../../db/connection';

/** A market joined with its base and quote currencies: what quotation replies and tickers need. */
export interface MarketRow {
  id: number;
  legal_id: number;
  currency_id: number;
  sort: number;
  is_display: number;
  open_coin_trade: number;
  open_microtrade: number;
  open_lever: number;
  price_decimals: number;
  amount_decimals: number;
  reference_price_minor: bigint;
  legal_name: string;
  legal_scale: number;
  legal_sort: number;
  legal_cny_rate_minor: bigint;
  currency_name: string;
  currency_scale: number;
  /** The market's lever terms (modules/lever), null where it has none. */
  lever_share_num_minor: bigint | null;
  lever_fee_bps: number | null;
  lever_spread_bps: number | null;
}

export const marketRepo = {
  /** Every market (displayed or not), quote groups in currency order, markets in their sort order. */
  allMarkets(db: Db): Promise<MarketRow[]> {
    return db
      .selectFrom('markets as m')
      .innerJoin('currencies as l', 'l.id', 'm.legal_id')
      .innerJoin('currencies as c', 'c.id', 'm.currency_id')
      .leftJoin('lever_markets as lv', 'lv.market_id', 'm.id')
      .select([
        'm.id',
        'm.legal_id',
        'm.currency_id',
        'm.sort',
        'm.is_display',
        'm.open_coin_trade',
        'm.open_microtrade',
        'm.open_lever',
        'm.price_decimals',
        'm.amount_decimals',
        'm.reference_price_minor',
        'l.name as legal_name',
        'l.scale as legal_scale',
        'l.sort as legal_sort',
        'l.cny_rate_minor as legal_cny_rate_minor',
        'c.name as currency_name',
        'c.scale as currency_scale',
        'lv.share_num_minor as lever_share_num_minor',
        'lv.fee_bps as lever_fee_bps',
        'lv.spread_bps as lever_spread_bps',
      ])
      .orderBy('l.sort')
      .orderBy('m.legal_id')
      .orderBy('m.sort')
      .orderBy('m.id')
      .limit(10_000)
      .execute();
  },
  setReferencePrice(db: Db, marketId: number, priceMinor: bigint) {
    return db
      .updateTable('markets')
      .set({ reference_price_minor: priceMinor })
      .where('id', '=', marketId)
      .execute();
  },
  quoteCurrencies(db: Db) {
    return db
      .selectFrom('currencies')
      .select(['id', 'name', 'cny_rate_minor'])
      .where('is_quote', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .limit(1000)
      .execute();
  },
  displayedCurrencies(db: Db) {
    return db
      .selectFrom('currencies')
      .select(['id', 'name', 'full_name'])
      .where('is_display', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .limit(1000)
      .execute();
  },
  currency(db: Db, id: number) {
    return db
      .selectFrom('currencies')
      .select(['id', 'name', 'full_name', 'desc'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
  favouriteMarketIds(db: Db, userId: number): Promise<{ market_id: number }[]> {
    return db
      .selectFrom('user_favourites')
      .select('market_id')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1000)
      .execute();
  },
  async countFavourites(db: Db, userId: number): Promise<number> {
    const r = await db
      .selectFrom('user_favourites')
      .select((e) => e.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
  async addFavourite(db: Db, userId: number, marketId: number, now: number): Promise<void> {
    await db
      .insertInto('user_favourites')
      .values({ user_id: userId, market_id: marketId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'market_id']).doNothing())
      .execute();
  },
  async removeFavourite(db: Db, userId: number, marketId: number): Promise<void> {
    await db
      .deleteFrom('user_favourites')
      .where('user_id', '=', userId)
      .where('market_id', '=', marketId)
      .execute();
  },
};
