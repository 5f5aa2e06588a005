import type { Insertable } from 'kysely';
import type { OutboxMessagesTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

/**
 * `verification_codes.delivered`: 1 a code that went out (checkable), 0 a notice or nothing (or a code
 * still on its way), SEND_FAILED a code the SMS provider refused or never confirmed.
 */
export const SEND_FAILED = -1;

export const codesRepo = {
  /** The newest request to this destination that was not a failed send (the resend pause runs from it). */
  latestForDestination(db: Db, destination: string) {
    return db
      .selectFrom('verification_codes')
      .select(['id', 'created_at'])
      .where('destination', '=', destination)
      .where('delivered', '!=', SEND_FAILED)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
  async countSince(db: Db, column: 'destination' | 'ip', value: string, sinceMs: number): Promise<number> {
    const r = await db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>', sinceMs)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },
  /** The newest usable code among these destinations and scenes. */
  activeCode(db: Db, destinations: string[], scenes: string[], now: number) {
    return db
      .selectFrom('verification_codes')
      .selectAll()
      .where('destination', 'in', destinations)
      .where('scene', 'in', scenes)
      .where('consumed_at', 'is', null)
      .where('delivered', '=', 1)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
  /** The destination of the newest code sent from this address on this channel (check_* without one). */
  lastDestinationFromIp(db: Db, channel: 'sms' | 'email', ip: string, sinceMs: number) {
    return db
      .selectFrom('verification_codes')
      .select('destination')
      .where('channel', '=', channel)
      .where('ip', '=', ip)
      .where('created_at', '>', sinceMs)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
  /** Every older code for this destination and scene is spent: `newId` replaces them. */
  supersede(db: Db, destination: string, scene: string, now: number, newId: number) {
    return db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('destination', '=', destination)
      .where('scene', '=', scene)
      .where('consumed_at', 'is', null)
      .where('id', '<', newId)
      .execute();
  },
  /** The code went out: from now on it can be checked. */
  markDelivered(db: Db, id: number) {
    return db.updateTable('verification_codes').set({ delivered: 1 }).where('id', '=', id).execute();
  },
  /** The provider refused it or did not answer: never usable. */
  markFailed(db: Db, id: number) {
    return db
      .updateTable('verification_codes')
      .set({ delivered: SEND_FAILED })
      .where('id', '=', id)
      .execute();
  },
  insert(
    db: Db,
    row: {
      channel: 'sms' | 'email';
      destination: string;
      scene: string;
      code_hash: string;
      delivered: number;
      ip: string;
      created_at: number;
      expires_at: number;
    },
  ) {
    return db
      .insertInto('verification_codes')
      .values({ ...row, attempts: 0, consumed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  },
  outbox(db: Db, destination: string, limit: number) {
    let q = db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(limit);
    if (destination) q = q.where('destination', '=', destination);
    return q.execute();
  },

  async insertOutbox(db: Db, row: Insertable<OutboxMessagesTable>): Promise<void> {
    await db.insertInto('outbox_messages').values(row).execute();
  },

  /** Counts a wrong attempt; with `consumedAt` the code is used up. */
  async countAttempt(db: Db, id: number, attempts: number, consumedAt?: number): Promise<void> {
    await db
      .updateTable('verification_codes')
      .set({ attempts, ...(consumedAt === undefined ? {} : { consumed_at: consumedAt }) })
      .where('id', '=', id)
      .execute();
  },

  /** Uses a code once; false when a concurrent request used it first. */
  async consume(db: Db, id: number, now: number): Promise<boolean> {
    const res = await db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  antiPhishing: async (db: Db, userId: number): Promise<string> =>
    (
      await db
        .selectFrom('user_security')
        .select('anti_phishing')
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.anti_phishing ?? '',

  async setSandboxTicket(db: Db, id: number, ticketHash: string): Promise<void> {
    await db
      .updateTable('verification_codes')
      .set({ sandbox_ticket: ticketHash })
      .where('id', '=', id)
      .execute();
  },

  /** The latest delivered, still valid request that carried this sandbox ticket. */
  requestOfTicket: (db: Db, ticketHash: string, now: number) =>
    db
      .selectFrom('verification_codes')
      .select(['destination', 'scene', 'created_at'])
      .where('sandbox_ticket', '=', ticketHash)
      .where('expires_at', '>', now)
      .where('delivered', '=', 1)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** The first code sent to a destination for a scene since `since`. */
  firstCodeSince: (db: Db, destination: string, scene: string, since: number) =>
    db
      .selectFrom('outbox_messages')
      .select('code')
      .where('destination', '=', destination)
      .where('scene', '=', scene)
      .where('created_at', '>=', since)
      .where('code', '!=', '')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst(),
};
