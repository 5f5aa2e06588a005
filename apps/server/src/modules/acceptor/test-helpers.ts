/** What the acceptor integration tests share: an acceptor's user as a party, with its acceptor id. */
import type { TestApp } from '../../../test/harness';

/** The user of `email`, a session of theirs, and the acceptor they run. */
export async function acceptorParty(
  t: TestApp,
  email: string,
): Promise<{ id: number; token: string; acceptorId: number }> {
  const id = await t.userId(email);
  const row = await t.app.ctx.db
    .selectFrom('acceptors')
    .select('id')
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, token: await t.tokenFor(email), acceptorId: row.id };
}
