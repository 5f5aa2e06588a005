import type { Updateable } from 'kysely';
import type { UserSecurityTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
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

/** Reads of the security page: the user's security row, recovery codes left, sessions. */
export const securityRepo = {
  security: (db: Db, userId: number) =>
    db
      .selectFrom('user_security')
      .select(['totp_secret', 'totp_enabled_at', 'anti_phishing'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  recoveryCodesLeft: async (db: Db, userId: number): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('user_recovery_codes')
          .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  async deleteRecoveryCodes(db: Db, userId: number): Promise<void> {
    await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  },

  /** Turns two-factor on for the secret set up; false when it is on already or the secret changed. */
  async enableTwoFactor(db: Db, userId: number, secret: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('user_security')
      .set({ totp_enabled_at: now, updated_at: now })
      .where('user_id', '=', userId)
      .where('totp_enabled_at', 'is', null)
      .where('totp_secret', '=', secret)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The user's live sessions, newest first (at most `max`). */
  liveSessions: (db: Db, userId: number, now: number, max: number) =>
    db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(max)
      .execute(),

  /** The user's latest sessions, live or not, newest first (at most `max`). */
  sessionHistory: (db: Db, userId: number, max: number) =>
    db
      .selectFrom('sessions')
      .select(['created_at', 'ip', 'user_agent', 'revoked_at', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(max)
      .execute(),
};
