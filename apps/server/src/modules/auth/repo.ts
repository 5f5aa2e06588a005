/**
 * SQL of sign-in: sessions (`sessions`), the second factor's state (`user_security`: secret, switch,
 * last time step used) and recovery codes (`user_recovery_codes`). Throttling counters: throttle-repo.ts.
 */
import type { Insertable } from 'kysely';
import type { SessionsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

export const authRepo = {
  async insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void> {
    await db.insertInto('sessions').values(row).execute();
  },

  /** Ends the live session of this token hash; the sessions ended. */
  endByTokenHash: (db: Db, tokenHash: string, now: number) =>
    db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returning(['id as sessionId', 'user_id as userId'])
      .execute(),

  openSessionIds: async (db: Db, userId: number): Promise<number[]> =>
    (
      await db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute()
    ).map((r) => r.id),

  /** Ends these live sessions of the user; the sessions ended. */
  endSessions: (db: Db, userId: number, ids: readonly number[], now: number) =>
    db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .where('revoked_at', 'is', null)
      .returning(['id as sessionId', 'user_id as userId'])
      .execute(),

  twoFactorRow: (db: Db, userId: number) =>
    db
      .selectFrom('user_security')
      .select(['totp_secret', 'totp_enabled_at', 'totp_last_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  /** Records the time step of a code used; false when that step (or a later one) was used already. */
  async useTimeStep(db: Db, userId: number, step: number): Promise<boolean> {
    const r = await db
      .updateTable('user_security')
      .set({ totp_last_step: step })
      .where('user_id', '=', userId)
      .where('totp_last_step', '<', step)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Spends an unused recovery code; false when there is none of this hash left. */
  async spendRecoveryCode(db: Db, userId: number, codeHash: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('user_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async hasRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
    const r = await db
      .selectFrom('user_recovery_codes')
      .select('id')
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return r !== undefined;
  },

  /** Replaces the user's recovery codes with these hashes. */
  async replaceRecoveryCodes(db: Db, userId: number, hashes: readonly string[], now: number): Promise<void> {
    await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('user_recovery_codes')
      .values(hashes.map((h) => ({ user_id: userId, code_hash: h, used_at: null, created_at: now })))
      .execute();
  },
};
