import type { Db } from '../../db/connection';

/** SQL of the market module's own table (favourites); markets and currencies are read through the catalog. */
export const marketRepo = {
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
