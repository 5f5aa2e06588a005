/** SQL of idempotent requests (`idempotency_keys`, lib/idempotency.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '@oryx/db/schema';

type Executor = Kysely<Database>;

export const idempotencyRepo = {
  /** Claims (user, scope, key) for a request; undefined when the key was claimed before. */
  async claim(
    db: Executor,
    k: { userId: number; scope: string; key: string; requestHash: string; now: number },
  ): Promise<number | undefined> {
    const row = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: k.userId,
        scope: k.scope,
        client_key: k.key,
        request_hash: k.requestHash,
        reply_json: null,
        created_at: k.now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'scope', 'client_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  first: (db: Executor, userId: number, scope: string, key: string) =>
    db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'reply_json'])
      .where('user_id', '=', userId)
      .where('scope', '=', scope)
      .where('client_key', '=', key)
      .executeTakeFirstOrThrow(),

  async keepReply(db: Executor, id: number, replyJson: string): Promise<void> {
    await db.updateTable('idempotency_keys').set({ reply_json: replyJson }).where('id', '=', id).execute();
  },
};
