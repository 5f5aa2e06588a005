import type { Db } from '../../db/connection';

export const newsRepo = {
  byCategory(db: Db, cId: number, langs: string[]) {
    return db
      .selectFrom('news')
      .selectAll()
      .where('c_id', '=', cId)
      .where('lang', 'in', langs)
      .orderBy('sort', 'asc')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1000)
      .execute();
  },
  byId(db: Db, id: number) {
    return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  },
  byGroup(db: Db, groupKey: string, lang: string) {
    return db.selectFrom('news').selectAll().where('group_key', '=', groupKey).where('lang', '=', lang).executeTakeFirst();
  },
};
