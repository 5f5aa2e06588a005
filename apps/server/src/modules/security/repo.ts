import type { Updateable } from 'kysely';
import type { UserSecurityTable } from '@oryx/db/schema';
import type { AppContext } from '../../lib/context';

/** Sets columns of the user's security row, making the row first if needed. */
export async function upsertSecurity(
  ctx: AppContext,
  userId: number,
  values: Omit<Updateable<UserSecurityTable>, 'user_id' | 'updated_at'>,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('user_security')
    .values({ user_id: userId, totp_secret: null, totp_enabled_at: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  await ctx.db
    .updateTable('user_security')
    .set({ ...values, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}
