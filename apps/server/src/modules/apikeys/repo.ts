/** SQL of API keys (`api_keys`, migration 1300). */
import type { Insertable, Selectable } from 'kysely';
import type { ApiKeysTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

export type ApiKeyDbRow = Selectable<ApiKeysTable>;

export const apiKeysRepo = {
  insert: (db: Db, row: Insertable<ApiKeysTable>) =>
    db.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow(),

  ofUser: (db: Db, userId: number) =>
    db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute(),

  async countOfUser(db: Db, userId: number): Promise<number> {
    const r = await db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  byKey: (db: Db, apiKey: string) =>
    db.selectFrom('api_keys').selectAll().where('api_key', '=', apiKey).executeTakeFirst(),

  ofUserById: (db: Db, userId: number, id: number) =>
    db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  async remove(db: Db, userId: number, id: number): Promise<boolean> {
    const r = await db
      .deleteFrom('api_keys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  setEnabled: (db: Db, userId: number, id: number, isEnabled: boolean) =>
    db
      .updateTable('api_keys')
      .set({ is_enabled: isEnabled ? 1 : 0 })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute(),

  touch: (db: Db, id: number, at: number) =>
    db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute(),
};
