/**
 * SQL of the ledger. The only code in the server that writes `ledger_accounts` and `ledger_entries`
 * (ledger.boundary.test.ts fails the build otherwise).
 *
 * Concurrency: every balance change is ONE conditional statement. A debit is
 * `UPDATE ... SET b = b - x WHERE key AND b >= x`, so on PostgreSQL (row lock, WHERE re-checked after
 * the lock is granted) and on SQLite (one writer at a time) two debits can never both pass on funds
 * that cover only one; a credit is an upsert, so a missing account row is created on first use.
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import { MAX_BALANCE_MINOR } from '@oryx/contracts/money';
import type { Database, LedgerCheckRunsTable } from '@oryx/db/schema';
import type { Bucket } from './accounts';

export type Executor = Kysely<Database>;

/** The split of amounts summed in SQL (journalSums). */
const SPLIT = 1_000_000_000n;
const SPLIT_NUMBER = 1_000_000_000;

const column = (bucket: Bucket) => (bucket === 'available' ? 'available_minor' : 'frozen_minor');

export interface LegFilter {
  userId: number;
  wallets?: string[];
  currencyId?: number;
  reasons?: string[];
  offset: number;
  limit: number;
}

export interface AccountKey {
  userId: number;
  wallet: string;
  currencyId: number;
}

export const ledgerRepo = {
  /** Takes `amount` from a bucket only if it holds at least that much. Returns the account id, or null. */
  async debitIfCovered(trx: Executor, key: AccountKey, bucket: Bucket, amount: bigint, now: number) {
    const col = column(bucket);
    const row = await trx
      .updateTable('ledger_accounts')
      .set({ [col]: sql<bigint>`${sql.ref(col)} - ${amount}`, updated_at: now })
      .where('user_id', '=', key.userId)
      .where('wallet', '=', key.wallet)
      .where('currency_id', '=', key.currencyId)
      .where(col, '>=', amount)
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  },

  /**
   * Adds `delta` (may be negative for accounts allowed below zero) to a bucket, creating the row. Returns
   * the account id, or null when the bucket would pass MAX_BALANCE_MINOR either way (nothing changed).
   * The bound is compared as `b <= MAX - delta` (or `b >= -MAX - delta`), which cannot overflow a BIGINT.
   */
  async addTo(
    trx: Executor,
    key: AccountKey,
    bucket: Bucket,
    delta: bigint,
    now: number,
  ): Promise<number | null> {
    if (delta > MAX_BALANCE_MINOR || delta < -MAX_BALANCE_MINOR) return null;
    const col = column(bucket);
    const row = await trx
      .insertInto('ledger_accounts')
      .values({
        user_id: key.userId,
        wallet: key.wallet,
        currency_id: key.currencyId,
        available_minor: bucket === 'available' ? delta : 0n,
        frozen_minor: bucket === 'frozen' ? delta : 0n,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'wallet', 'currency_id'])
          .doUpdateSet({
            [col]: sql<bigint>`${sql.ref(`ledger_accounts.${col}`)} + ${delta}`,
            updated_at: now,
          })
          .where(
            sql.ref(`ledger_accounts.${col}`),
            delta >= 0n ? '<=' : '>=',
            delta >= 0n ? MAX_BALANCE_MINOR - delta : -MAX_BALANCE_MINOR - delta,
          ),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  },

  insertEntry(
    trx: Executor,
    e: {
      currencyId: number;
      debitAccountId: number;
      debitBucket: Bucket;
      creditAccountId: number;
      creditBucket: Bucket;
      amount: bigint;
      reason: string;
      refType: string;
      refId: string;
      now: number;
    },
  ) {
    return trx
      .insertInto('ledger_entries')
      .values({
        currency_id: e.currencyId,
        debit_account_id: e.debitAccountId,
        debit_bucket: e.debitBucket,
        credit_account_id: e.creditAccountId,
        credit_bucket: e.creditBucket,
        amount_minor: e.amount,
        reason: e.reason,
        ref_type: e.refType,
        ref_id: e.refId,
        created_at: e.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  accountsOfUser(db: Executor, userId: number) {
    return db
      .selectFrom('ledger_accounts')
      .select(['id', 'wallet', 'currency_id', 'available_minor', 'frozen_minor'])
      .where('user_id', '=', userId)
      .orderBy('currency_id')
      .orderBy('wallet')
      .execute();
  },

  account(db: Executor, key: AccountKey) {
    return db
      .selectFrom('ledger_accounts')
      .select(['id', 'available_minor', 'frozen_minor'])
      .where('user_id', '=', key.userId)
      .where('wallet', '=', key.wallet)
      .where('currency_id', '=', key.currencyId)
      .executeTakeFirst();
  },

  hasEntryForRef(db: Executor, refType: string, refId: string, reason?: string) {
    let q = db
      .selectFrom('ledger_entries')
      .select('id')
      .where('ref_type', '=', refType)
      .where('ref_id', '=', refId);
    if (reason) q = q.where('reason', '=', reason);
    return q
      .limit(1)
      .executeTakeFirst()
      .then((r) => r !== undefined);
  },

  /**
   * Journal legs of one user's accounts, newest first: each entry is a debit leg (value < 0) on its
   * debit account and a credit leg (value > 0) on its credit account. The frozen-side leg of a freeze or
   * release (same account on both sides) is left out: the user sees one line, on the available bucket.
   */
  async legs(db: Executor, f: LegFilter) {
    const leg = (side: 'debit' | 'credit') => {
      const other = side === 'debit' ? 'credit' : 'debit';
      let q = db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as own', 'own.id', `e.${side}_account_id`)
        .innerJoin('ledger_accounts as other', 'other.id', `e.${other}_account_id`)
        .select([
          'e.id as entry_id',
          'e.currency_id',
          'e.reason',
          'e.ref_type',
          'e.ref_id',
          'e.created_at',
          'own.wallet',
          `e.${side}_bucket as bucket`,
          side === 'debit'
            ? sql<bigint>`-e.amount_minor`.as('value_minor')
            : sql<bigint>`e.amount_minor`.as('value_minor'),
          sql<string>`${sql.lit(side)}`.as('side'),
          'other.user_id as other_user_id',
          'other.wallet as other_wallet',
        ])
        .where('own.user_id', '=', f.userId)
        .where((eb) =>
          eb.or([
            eb(`e.${side}_bucket`, '=', 'available'),
            eb('e.debit_account_id', '!=', eb.ref('e.credit_account_id')),
          ]),
        );
      if (f.wallets?.length) q = q.where('own.wallet', 'in', f.wallets);
      if (f.currencyId !== undefined) q = q.where('e.currency_id', '=', f.currencyId);
      if (f.reasons?.length) q = q.where('e.reason', 'in', f.reasons);
      return q;
    };
    const union = leg('debit').unionAll(leg('credit'));
    const rows = await db
      .selectFrom(union.as('l'))
      .selectAll()
      .orderBy('l.entry_id', 'desc')
      .orderBy('l.side', 'asc')
      .limit(f.limit)
      .offset(f.offset)
      .execute();
    const count = await db
      .selectFrom(union.as('l'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  },

  // ---- invariant check (reads only) ----

  /**
   * Per (account, bucket): the sum of journal legs (credits minus debits). Two plain GROUP BYs, merged
   * here. Each amount is summed as a high and a low part (amount / 10^9 and amount % 10^9) and the parts
   * are joined as bigints, so a busy account's lifetime turnover can pass the 64-bit range without
   * SQLite's SUM failing with "integer overflow": the check stays exact on both databases.
   */
  async journalSums(db: Executor) {
    const side = (s: 'credit' | 'debit') =>
      db
        .selectFrom('ledger_entries')
        .select([
          `${s}_account_id as account_id`,
          `${s}_bucket as bucket`,
          sql<bigint>`sum(amount_minor / ${sql.lit(SPLIT_NUMBER)})`.as('hi_minor'),
          sql<bigint>`sum(amount_minor % ${sql.lit(SPLIT_NUMBER)})`.as('lo_minor'),
        ])
        .groupBy([`${s}_account_id`, `${s}_bucket`])
        .execute();
    const [credits, debits] = await Promise.all([side('credit'), side('debit')]);
    const sums = new Map<string, { account_id: number; bucket: string; sum_minor: bigint }>();
    for (const [rows, sign] of [
      [credits, 1n],
      [debits, -1n],
    ] as const) {
      for (const r of rows) {
        const key = `${r.account_id}/${r.bucket}`;
        const value = sign * (r.hi_minor * SPLIT + r.lo_minor);
        const seen = sums.get(key);
        if (seen) seen.sum_minor += value;
        else sums.set(key, { account_id: r.account_id, bucket: r.bucket, sum_minor: value });
      }
    }
    return [...sums.values()];
  },

  allAccounts(db: Executor) {
    return db
      .selectFrom('ledger_accounts')
      .select(['id', 'user_id', 'wallet', 'currency_id', 'available_minor', 'frozen_minor'])
      .orderBy('id')
      .execute();
  },

  /** Journal rows whose shape is wrong: non-positive amount, unknown bucket, or a currency mismatch. */
  malformedEntries(db: Executor, limit: number) {
    return db
      .selectFrom('ledger_entries as e')
      .leftJoin('ledger_accounts as d', 'd.id', 'e.debit_account_id')
      .leftJoin('ledger_accounts as c', 'c.id', 'e.credit_account_id')
      .select(['e.id', 'e.amount_minor', 'e.debit_bucket', 'e.credit_bucket', 'e.currency_id'])
      .where((eb) =>
        eb.or([
          eb('e.amount_minor', '<=', 0n),
          eb('e.debit_bucket', 'not in', ['available', 'frozen']),
          eb('e.credit_bucket', 'not in', ['available', 'frozen']),
          eb('d.id', 'is', null),
          eb('c.id', 'is', null),
          eb('d.currency_id', '!=', eb.ref('e.currency_id')),
          eb('c.currency_id', '!=', eb.ref('e.currency_id')),
        ]),
      )
      .limit(limit)
      .execute();
  },

  entryCount(db: Executor) {
    return db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  },

  /** The accounts of the exchange itself (user 0), by wallet. */
  systemAccounts(db: Executor) {
    return db
      .selectFrom('ledger_accounts')
      .select(['wallet', 'currency_id', 'available_minor', 'frozen_minor'])
      .where('user_id', '=', 0)
      .orderBy('wallet')
      .execute();
  },

  async recordCheckRun(db: Executor, row: Insertable<LedgerCheckRunsTable>): Promise<void> {
    await db.insertInto('ledger_check_runs').values(row).execute();
  },

  lastCheckRun: (db: Executor) =>
    db.selectFrom('ledger_check_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst(),

  /** The accounts among these users, wallets and currencies (locked in id order with `isLocked`). */
  accountsAmong(
    db: Executor,
    k: { userIds: readonly number[]; wallets: readonly string[]; currencyIds: readonly number[] },
    isLocked: boolean,
  ) {
    let q = db
      .selectFrom('ledger_accounts')
      .select(['id', 'user_id', 'wallet', 'currency_id', 'available_minor', 'frozen_minor'])
      .where('user_id', 'in', [...k.userIds])
      .where('wallet', 'in', [...k.wallets])
      .where('currency_id', 'in', [...k.currencyIds]);
    if (isLocked) q = q.orderBy('id').forUpdate();
    return q.execute();
  },
};
