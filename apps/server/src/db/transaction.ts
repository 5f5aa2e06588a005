/**
 * Transactions, and the database errors callers act on. Both databases report them differently:
 * PostgreSQL by SQLSTATE code, SQLite by message.
 */
import type { Transaction } from 'kysely';
import type { Database } from '@oryx/db/schema';
import type { Db } from './connection';

const RETRYABLE_PG_CODES = new Set(['40001', '40P01']); // serialization failure, deadlock detected

/**
 * `db.transaction().execute(fn)` that retries (up to `attempts` times) when PostgreSQL aborts the
 * transaction for a serialization failure or a deadlock, which concurrent money movements touching
 * several accounts in different orders can cause. `fn` must be safe to run again (it runs in a fresh
 * transaction each time).
 */
export async function runInTransaction<T>(
  db: Db,
  fn: (trx: Transaction<Database>) => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= attempts || typeof code !== 'string' || !RETRYABLE_PG_CODES.has(code)) throw err;
    }
  }
}

/** Whether an insert or update failed on a unique constraint (a duplicate e-mail, account number...). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}
