/**
 * The ledger invariant, recomputed from the journal:
 *   1. every journal row is well formed (amount > 0, known buckets, both accounts exist in its currency);
 *   2. every stored balance (account, bucket) equals the sum of its journal legs;
 *   3. per currency, the stored balances of all accounts (users and system) sum to zero;
 *   4. no user account has available or frozen below zero, nor does a system account that may not.
 * `checkLedger` returns a report; `pnpm ledger:check` prints it and exits non-zero when it is not ok.
 *
 * Every read happens in one snapshot, so a check run against a live exchange (orders, transfers,
 * settlements committing meanwhile) never sees an account from before a movement and its journal legs
 * from after it: one read transaction on SQLite (WAL readers keep the snapshot of their first read),
 * `REPEATABLE READ, READ ONLY` on PostgreSQL. Given a transaction, the check reads inside it.
 */
import { PostgresAdapter } from 'kysely';
import { formatMinor } from '@oryx/contracts/money';
import { SYSTEM_ACCOUNTS, SYSTEM_USER_ID, type SystemAccountName } from './accounts';
import { ledgerRepo, type Executor } from './repo';

/** Problems listed in a report (the count is always exact). */
const PROBLEMS_MAX = 200;

export interface LedgerReport {
  ok: boolean;
  accounts: number;
  entries: number;
  /** Stored balance sum per currency (available + frozen over every account): all zero when ok. */
  sumsByCurrency: { currencyId: number; sumMinor: bigint }[];
  problemCount: number;
  problems: string[];
  /** How the reads were isolated (the report prints it). */
  snapshot: string;
}

const accountName = (a: { user_id: number; wallet: string; currency_id: number; id: number }) =>
  a.user_id === SYSTEM_USER_ID
    ? `#${a.id} system/${a.wallet} currency ${a.currency_id}`
    : `#${a.id} user ${a.user_id}/${a.wallet} currency ${a.currency_id}`;

/** Runs `read` in one consistent snapshot of the database (see the file comment). */
async function inSnapshot<T>(
  db: Executor,
  read: (trx: Executor) => Promise<T>,
): Promise<{ value: T; snapshot: string }> {
  if (db.isTransaction) return { value: await read(db), snapshot: "the caller's transaction" };
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const value = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(read);
    return { value, snapshot: 'one REPEATABLE READ, READ ONLY transaction' };
  }
  return { value: await db.transaction().execute(read), snapshot: 'one read transaction' };
}

export async function checkLedger(db: Executor): Promise<LedgerReport> {
  const { value, snapshot } = await inSnapshot(db, (trx) => checkIn(trx));
  return { ...value, snapshot };
}

async function checkIn(db: Executor): Promise<Omit<LedgerReport, 'snapshot'>> {
  const problems: string[] = [];
  let problemCount = 0;
  const problem = (p: string) => {
    problemCount++;
    if (problems.length < PROBLEMS_MAX) problems.push(p);
  };

  for (const e of await ledgerRepo.malformedEntries(db, PROBLEMS_MAX)) {
    problem(
      `entry #${e.id} is malformed (amount ${e.amount_minor}, buckets ${e.debit_bucket}/${e.credit_bucket}, ` +
        `currency ${e.currency_id}: an account is missing or in another currency)`,
    );
  }

  const accounts = await ledgerRepo.allAccounts(db);
  const journal = new Map<string, bigint>();
  for (const s of await ledgerRepo.journalSums(db)) journal.set(`${s.account_id}/${s.bucket}`, s.sum_minor);

  const sums = new Map<number, bigint>();
  const seen = new Set<string>();
  for (const a of accounts) {
    for (const [bucket, stored] of [
      ['available', a.available_minor],
      ['frozen', a.frozen_minor],
    ] as const) {
      const key = `${a.id}/${bucket}`;
      seen.add(key);
      const fromJournal = journal.get(key) ?? 0n;
      if (fromJournal !== stored) {
        problem(
          `${accountName(a)} ${bucket}: stored ${stored}, journal says ${fromJournal} (difference ${stored - fromJournal})`,
        );
      }
      const isSystem = a.user_id === SYSTEM_USER_ID;
      const mayBeNegative =
        isSystem && (SYSTEM_ACCOUNTS[a.wallet as SystemAccountName]?.mayGoNegative ?? false);
      if (stored < 0n && !mayBeNegative) problem(`${accountName(a)} ${bucket} is negative: ${stored}`);
      if (isSystem && !(a.wallet in SYSTEM_ACCOUNTS)) problem(`${accountName(a)}: unknown system account`);
    }
    sums.set(a.currency_id, (sums.get(a.currency_id) ?? 0n) + a.available_minor + a.frozen_minor);
  }
  for (const [key, sum] of journal) {
    if (!seen.has(key) && sum !== 0n) problem(`journal legs on missing account ${key} sum to ${sum}`);
  }
  const sumsByCurrency = [...sums.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([currencyId, sumMinor]) => ({ currencyId, sumMinor }));
  for (const s of sumsByCurrency) {
    if (s.sumMinor !== 0n)
      problem(
        `currency ${s.currencyId}: balances sum to ${formatMinor(s.sumMinor, 8)} (minor ${s.sumMinor}), not 0`,
      );
  }

  return {
    ok: problemCount === 0,
    accounts: accounts.length,
    entries: await ledgerRepo.entryCount(db),
    sumsByCurrency,
    problemCount,
    problems,
  };
}

/** A human-readable report (the CLI and failing tests print it). */
export function formatLedgerReport(r: LedgerReport): string {
  const head =
    (r.ok
      ? `ledger OK: ${r.accounts} accounts, ${r.entries} journal entries, ${r.sumsByCurrency.length} currencies sum to 0`
      : `ledger BROKEN: ${r.problemCount} problem(s) in ${r.accounts} accounts / ${r.entries} journal entries`) +
    ` (read in ${r.snapshot}, one consistent snapshot)`;
  const more =
    r.problemCount > r.problems.length ? [`  ... and ${r.problemCount - r.problems.length} more`] : [];
  return [head, ...r.problems.map((p) => `  - ${p}`), ...more].join('\n');
}

/** For tests: throws with the report when the ledger is not consistent. */
export async function expectLedgerBalanced(db: Executor): Promise<LedgerReport> {
  const report = await checkLedger(db);
  if (!report.ok) throw new Error(formatLedgerReport(report));
  return report;
}
