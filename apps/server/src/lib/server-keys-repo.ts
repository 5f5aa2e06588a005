/** SQL of the keys the server makes for itself (`server_keys`, lib/server-keys.ts). */
import type { Db } from '../db/connection';

export const serverKeysRepo = {
  /** Stores `value` as the key `name` unless the key exists; returns the key's stored value. */
  async keepFirst(db: Db, name: string, value: string, now: number): Promise<string> {
    await db
      .insertInto('server_keys')
      .values({ name, value, created_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_keys')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  },
};
