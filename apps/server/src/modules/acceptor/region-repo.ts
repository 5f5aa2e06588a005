/** SQL of regions: users' cities and districts (`user_regions`) and region agents (`region_agents`). */
import type { Db } from '../../db/connection';

export interface Place {
  city_name: string;
  district_name: string;
}

export const regionRepo = {
  regionOf(db: Db, userId: number) {
    return db.selectFrom('user_regions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  agentOf(db: Db, userId: number) {
    return db.selectFrom('region_agents').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  /** Sets a user's region; `keep`: only when the user has none (demo data). */
  async setRegion(db: Db, userId: number, place: Place, at: number, keep = false) {
    await db
      .insertInto('user_regions')
      .values({ user_id: userId, ...place, updated_at: at })
      .onConflict((oc) =>
        keep
          ? oc.column('user_id').doNothing()
          : oc.column('user_id').doUpdateSet({ ...place, updated_at: at }),
      )
      .execute();
  },

  /** Appoints an agent (or moves one); `keep`: only when the user is none yet (demo data). */
  async setAgent(db: Db, userId: number, place: Place, at: number, keep = false) {
    await db
      .insertInto('region_agents')
      .values({ user_id: userId, ...place, created_at: at })
      .onConflict((oc) => (keep ? oc.column('user_id').doNothing() : oc.column('user_id').doUpdateSet(place)))
      .execute();
  },

  async removeAgent(db: Db, userId: number) {
    await db.deleteFrom('region_agents').where('user_id', '=', userId).execute();
  },
};
