import type { Insertable, Updateable } from 'kysely';
import type { NewsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
import { pagedQuery } from '../../lib/paging';

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
    return db
      .selectFrom('news')
      .selectAll()
      .where('group_key', '=', groupKey)
      .where('lang', '=', lang)
      .executeTakeFirst();
  },
  insert(db: Db, row: Insertable<NewsTable>) {
    return db.insertInto('news').values(row).returningAll().executeTakeFirstOrThrow();
  },
  update(db: Db, id: number, patch: Updateable<NewsTable>) {
    return db.updateTable('news').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  },
  /** Moves every language of an article to another category. */
  async setGroupCategory(db: Db, groupKey: string, cId: number): Promise<void> {
    await db.updateTable('news').set({ c_id: cId }).where('group_key', '=', groupKey).execute();
  },
  async deleteById(db: Db, id: number): Promise<number> {
    const r = await db.deleteFrom('news').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
  async deleteGroup(db: Db, groupKey: string): Promise<number> {
    const r = await db.deleteFrom('news').where('group_key', '=', groupKey).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
  async adminPage(
    db: Db,
    f: { cId?: number | undefined; lang?: string | undefined; page: number; limit: number },
  ) {
    let q = db.selectFrom('news');
    if (f.cId !== undefined) q = q.where('c_id', '=', f.cId);
    if (f.lang !== undefined) q = q.where('lang', '=', f.lang);
    const { rows, total } = await pagedQuery(q, f, (b) =>
      b.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'),
    );
    return { rows, total };
  },
};
