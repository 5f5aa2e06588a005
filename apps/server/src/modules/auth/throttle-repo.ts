/**
 * SQL of the password and code throttle (throttle.ts): one row per counter (`auth_counters`), changed
 * only by conditional statements, so the counter, not a read of it, decides.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export const throttleRepo = {
  counter: (db: Db, key: string) =>
    db
      .selectFrom('auth_counters')
      .select(['attempts', 'window_start', 'locked_until', 'strikes'])
      .where('counter_key', '=', key)
      .executeTakeFirst(),

  /** Deletes the counters of these keys and of every key starting with one of `prefixes`. */
  async clear(db: Db, keys: readonly string[], prefixes: readonly string[]): Promise<void> {
    await db
      .deleteFrom('auth_counters')
      .where((eb) =>
        eb.or([
          eb('counter_key', 'in', [...keys]),
          // A prefix match without LIKE, whose wildcards e-mails contain.
          ...prefixes.map((prefix) => eb(sql<string>`substr(counter_key, 1, ${prefix.length})`, '=', prefix)),
        ]),
      )
      .execute();
  },

  /** Makes the counter's row if it has none. */
  async ensure(db: Db, key: string, now: number): Promise<void> {
    await db
      .insertInto('auth_counters')
      .values({
        counter_key: key,
        window_start: now,
        attempts: 0,
        locked_until: 0,
        strikes: 0,
        pending: 0,
        pending_at: 0,
      })
      .onConflict((oc) => oc.column('counter_key').doNothing())
      .execute();
  },

  /**
   * Takes room for one check, atomically: only when the counter is not locked and its wrong answers
   * (in a live window) plus its running checks (not stale) stay under `limit`; a window that ended
   * starts again. True when room was taken.
   */
  async takeRoom(
    db: Db,
    key: string,
    o: { now: number; windowStartsAfter: number; staleBefore: number; limit: number },
  ): Promise<boolean> {
    const wrong = sql<number>`case when window_start <= ${o.windowStartsAfter} then 0 else attempts end`;
    const running = sql<number>`case when pending_at <= ${o.staleBefore} then 0 else pending end`;
    const row = await db
      .updateTable('auth_counters')
      .set({
        attempts: wrong,
        window_start: sql<number>`case when window_start <= ${o.windowStartsAfter} then cast(${o.now} as bigint) else window_start end`,
        pending: sql<number>`${running} + 1`,
        pending_at: sql<number>`cast(${o.now} as bigint)`,
      })
      .where('counter_key', '=', key)
      .where('locked_until', '<=', o.now)
      .where(sql<boolean>`${wrong} + ${running} < ${o.limit}`)
      .returning('window_start')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Gives a check's room back; with `clears`, also its wrong answers and lock. */
  async giveRoomBack(db: Db, key: string, clears: boolean): Promise<void> {
    await db
      .updateTable('auth_counters')
      .set({
        pending: sql<number>`case when pending > 0 then pending - 1 else 0 end`,
        ...(clears ? { attempts: 0, locked_until: 0, strikes: 0 } : {}),
      })
      .where('counter_key', '=', key)
      .execute();
  },

  /** Deletes a counter left with nothing to remember. */
  async dropIfIdle(db: Db, key: string, now: number): Promise<void> {
    await db
      .deleteFrom('auth_counters')
      .where('counter_key', '=', key)
      .where('pending', '=', 0)
      .where('attempts', '=', 0)
      .where('strikes', '=', 0)
      .where('locked_until', '<=', now)
      .execute();
  },

  /** Counts a wrong answer and gives its room back. */
  async countWrong(db: Db, key: string): Promise<void> {
    await db
      .updateTable('auth_counters')
      .set({
        pending: sql<number>`case when pending > 0 then pending - 1 else 0 end`,
        attempts: sql<number>`attempts + 1`,
      })
      .where('counter_key', '=', key)
      .execute();
  },

  /**
   * Locks the counter until `until`, counting `strikes` pauses, if it is still as read (one lock for
   * concurrent failures).
   */
  async lockIfUnchanged(
    db: Db,
    key: string,
    read: { window_start: number; locked_until: number; strikes: number },
    lock: { until: number; strikes: number },
  ): Promise<boolean> {
    const set = await db
      .updateTable('auth_counters')
      .set({ locked_until: lock.until, strikes: lock.strikes })
      .where('counter_key', '=', key)
      .where('window_start', '=', read.window_start)
      .where('locked_until', '=', read.locked_until)
      .where('strikes', '=', read.strikes)
      .executeTakeFirst();
    return Number(set.numUpdatedRows) > 0;
  },
};
