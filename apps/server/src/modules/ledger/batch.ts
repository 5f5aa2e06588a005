/**
 * Many movements, one flush: the ledger for group commit (the spot committer settles hundreds of orders
 * in one transaction). Same rules and the same journal as `ledger.*` in service.ts, one journal row per
 * movement, but the balance rows are written once per account at the end instead of once per movement.
 *
 *   const batch = new LedgerBatch(trx, ctx.dialect, ctx.clock.now());
 *   await batch.preload([{ account: userAccount(uid, 'change'), currencyId: 1 }, ...]); // what you will debit
 *   batch.freeze({ account, currencyId, amountMinor, reason: 'spot.freeze', ref });      // sync; may throw
 *   ...
 *   await batch.flush();                                                                // before commit
 *
 * Refusals. A debit of a preloaded user bucket (or of a system account that may not go negative) that
 * the running balance does not cover throws `AppError('LEDGER_INSUFFICIENT' | 'LEDGER_FROZEN_INSUFFICIENT')`
 * at once and records nothing, exactly like `ledger.*`, so the caller may catch it and carry on. A debit
 * of an account that was NOT preloaded is accepted in memory and checked in `flush`, which re-reads every
 * touched account (rows locked on PostgreSQL), replays every movement in order against the real balances
 * and fails an invariant (the caller's transaction rolls back) if any bucket would ever go below zero;
 * the balance UPDATE itself also carries the condition. So nothing can overdraw, whatever the caller does.
 *
 * `mark()` / `rollbackTo(mark)` drop the movements recorded since the mark (a command that turned out to
 * be a no-op), in memory only: nothing has been written before `flush`.
 */
import type { Transaction } from 'kysely';
import type { Database } from '@oryx/db/schema';
import { MAX_BALANCE_MINOR } from '@oryx/contracts/money';
import { invariant } from '../../lib/app-error';
import { bulkInsert, bulkRun } from '../../lib/bulk-sql';
import { accountKey, mayGoNegative, type AccountRef, type Bucket } from './accounts';
import {
  checkMovement,
  movementOf,
  refusal,
  type ConsumeMovement,
  type HoldMovement,
  type TransferMovement,
} from './rules';
import type { PostInput } from './movement';
import { ledgerRepo } from './repo';
/** Rows per multi-row statement: far below SQLite's and PostgreSQL's parameter limits. */
const CHUNK_ROWS = 500;
/** A batch is bounded: the caller flushes long before this. */
const MOVEMENTS_MAX = 1_000_000;

interface Slot {
  userId: number;
  wallet: string;
  currencyId: number;
  isNegativeOk: boolean;
  /** Loaded balances (null until read from the database). */
  available: bigint | null;
  frozen: bigint | null;
  id: number | null;
  /** Net change recorded so far. */
  dAvailable: bigint;
  dFrozen: bigint;
}

interface Recorded {
  debit: Slot;
  debitBucket: Bucket;
  credit: Slot;
  creditBucket: Bucket;
  amount: bigint;
  currencyId: number;
  reason: string;
  refType: string;
  refId: string;
  at: number;
}

const keyString = (userId: number, wallet: string, currencyId: number) => `${userId}/${wallet}/${currencyId}`;

export class LedgerBatch {
  private readonly slots = new Map<string, Slot>();
  private moves: Recorded[] = [];
  private isFlushed = false;

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
    private readonly at: number,
  ) {
    invariant(trx.isTransaction, 'a ledger batch runs inside the caller’s transaction');
  }

  get size(): number {
    return this.moves.length;
  }

  private slot(account: AccountRef, currencyId: number): Slot {
    const k = accountKey(account);
    const key = keyString(k.userId, k.wallet, currencyId);
    let s = this.slots.get(key);
    if (!s) {
      s = {
        userId: k.userId,
        wallet: k.wallet,
        currencyId,
        isNegativeOk: mayGoNegative(account),
        available: null,
        frozen: null,
        id: null,
        dAvailable: 0n,
        dFrozen: 0n,
      };
      this.slots.set(key, s);
    }
    return s;
  }

  /** Reads (and on PostgreSQL locks) the accounts whose debits must be refused at once when uncovered. */
  async preload(accounts: { account: AccountRef; currencyId: number }[]): Promise<void> {
    const wanted = accounts
      .map((a) => this.slot(a.account, a.currencyId))
      .filter((s) => s.available === null);
    await this.load(wanted);
  }

  /** The running balance of a preloaded account (stored balance + movements recorded so far). */
  balanceOf(account: AccountRef, currencyId: number): { availableMinor: bigint; frozenMinor: bigint } | null {
    const s = this.slot(account, currencyId);
    if (s.available === null || s.frozen === null) return null;
    return { availableMinor: s.available + s.dAvailable, frozenMinor: s.frozen + s.dFrozen };
  }

  private async load(slots: Slot[]): Promise<void> {
    for (let i = 0; i < slots.length; i += CHUNK_ROWS) {
      const chunk = slots.slice(i, i + CHUNK_ROWS);
      const byKey = new Map(chunk.map((s) => [keyString(s.userId, s.wallet, s.currencyId), s]));
      const among = {
        userIds: [...new Set(chunk.map((s) => s.userId))],
        wallets: [...new Set(chunk.map((s) => s.wallet))],
        currencyIds: [...new Set(chunk.map((s) => s.currencyId))],
      };
      for (const row of await ledgerRepo.accountsAmong(this.trx, among, this.dialect === 'postgres')) {
        const s = byKey.get(keyString(row.user_id, row.wallet, row.currency_id));
        if (!s) continue;
        s.id = row.id;
        s.available = row.available_minor;
        s.frozen = row.frozen_minor;
      }
      // An account never used reads as zero (its row is created in flush).
      for (const s of chunk) {
        if (s.available === null) {
          s.available = 0n;
          s.frozen = 0n;
        }
      }
    }
  }

  mark(): number {
    return this.moves.length;
  }

  rollbackTo(mark: number): void {
    invariant(mark >= 0 && mark <= this.moves.length, 'bad ledger batch mark');
    for (let i = this.moves.length - 1; i >= mark; i--) {
      const m = this.moves[i]!;
      this.apply(m.debit, m.debitBucket, m.amount);
      this.apply(m.credit, m.creditBucket, -m.amount);
    }
    this.moves.length = mark;
  }

  private apply(s: Slot, bucket: Bucket, delta: bigint): void {
    if (bucket === 'available') s.dAvailable += delta;
    else s.dFrozen += delta;
  }

  /** The general movement (see `ledger.post`). */
  post(p: PostInput): void {
    invariant(!this.isFlushed, 'ledger batch already flushed');
    invariant(this.moves.length < MOVEMENTS_MAX, 'ledger batch too large');
    const refId = checkMovement(p);

    const debit = this.slot(p.debit.account, p.currencyId);
    const credit = this.slot(p.credit.account, p.currencyId);
    if (!debit.isNegativeOk && debit.available !== null && debit.frozen !== null) {
      const have =
        p.debit.bucket === 'available' ? debit.available + debit.dAvailable : debit.frozen + debit.dFrozen;
      if (have < p.amountMinor) throw refusal(p.debit.bucket);
    }
    this.apply(debit, p.debit.bucket, -p.amountMinor);
    this.apply(credit, p.credit.bucket, p.amountMinor);
    this.moves.push({
      debit,
      debitBucket: p.debit.bucket,
      credit,
      creditBucket: p.credit.bucket,
      amount: p.amountMinor,
      currencyId: p.currencyId,
      reason: p.reason,
      refType: p.ref.type,
      refId,
      at: p.at ?? this.at,
    });
  }

  transfer(m: TransferMovement): void {
    this.post(movementOf.transfer(m));
  }

  freeze(m: HoldMovement): void {
    this.post(movementOf.freeze(m));
  }

  release(m: HoldMovement): void {
    this.post(movementOf.release(m));
  }

  consume(m: ConsumeMovement): void {
    this.post(movementOf.consume(m));
  }

  /** Writes everything: missing account rows, one balance update per account, the journal rows. */
  /**
   * Replays every movement in order against the real balances (flush, step 3): no protected bucket may
   * ever dip below zero, and no bucket may pass MAX_BALANCE_MINOR either way.
   */
  private replay(slots: Slot[]): void {
    const run = new Map<Slot, { a: bigint; f: bigint }>();
    for (const s of slots) run.set(s, { a: s.available!, f: s.frozen! });
    const bounded = (v: bigint) => v <= MAX_BALANCE_MINOR && v >= -MAX_BALANCE_MINOR;
    for (const m of this.moves) {
      const d = run.get(m.debit)!;
      if (m.debitBucket === 'available') d.a -= m.amount;
      else d.f -= m.amount;
      if (!m.debit.isNegativeOk) {
        invariant(d.a >= 0n && d.f >= 0n, `ledger batch would overdraw account #${m.debit.id} (${m.reason})`);
      }
      const c = run.get(m.credit)!;
      if (m.creditBucket === 'available') c.a += m.amount;
      else c.f += m.amount;
      const all = [d.a, d.f, c.a, c.f];
      invariant(all.every(bounded), `ledger batch passes the balance bound (${m.reason})`);
    }
  }

  async flush(): Promise<{ entries: number }> {
    invariant(!this.isFlushed, 'ledger batch already flushed');
    this.isFlushed = true;
    if (this.moves.length === 0) return { entries: 0 };
    const touched = new Set<Slot>();
    for (const m of this.moves) {
      touched.add(m.debit);
      touched.add(m.credit);
    }
    const slots = [...touched];

    // 1. Rows for accounts used for the first time (a credit creates the account, as in ledger.*).
    const fresh = slots.filter((s) => s.id === null);
    await bulkInsert(
      this.trx,
      this.dialect,
      'ledger_accounts',
      ['user_id', 'wallet', 'currency_id', 'available_minor', 'frozen_minor', 'updated_at'],
      fresh.map((s) => [s.userId, s.wallet, s.currencyId, 0n, 0n, this.at]),
      'on conflict ("user_id", "wallet", "currency_id") do nothing',
    );
    // 2. Ids and real balances of every touched account, locked on PostgreSQL.
    const unloaded = slots.filter((s) => s.id === null);
    for (const s of unloaded) {
      s.available = null;
      s.frozen = null;
    }
    await this.load(unloaded);
    for (const s of slots) invariant(s.id !== null, `ledger account row missing for ${s.userId}/${s.wallet}`);

    // 3. Replay in order against the real balances: no protected bucket may ever dip below zero.
    this.replay(slots);

    // 4. One conditional update per changed account.
    const changed = slots.filter((s) => s.dAvailable !== 0n || s.dFrozen !== 0n);
    const updated = await bulkRun(
      this.trx,
      this.dialect,
      'WITH v(id, da, df, neg_ok, at) AS (VALUES ',
      '(CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS INTEGER), CAST(? AS BIGINT))',
      `) UPDATE ledger_accounts
           SET available_minor = ledger_accounts.available_minor + v.da,
               frozen_minor = ledger_accounts.frozen_minor + v.df,
               updated_at = v.at
          FROM v
         WHERE ledger_accounts.id = v.id
           AND (v.neg_ok = 1 OR (ledger_accounts.available_minor + v.da >= 0 AND ledger_accounts.frozen_minor + v.df >= 0))`,
      changed.map((s) => [s.id, s.dAvailable, s.dFrozen, s.isNegativeOk ? 1 : 0, this.at]),
    );
    invariant(updated === changed.length, 'ledger batch: a balance update was refused (concurrent change?)');

    // 5. The journal, one row per movement, in order.
    await bulkInsert(
      this.trx,
      this.dialect,
      'ledger_entries',
      [
        'currency_id',
        'debit_account_id',
        'debit_bucket',
        'credit_account_id',
        'credit_bucket',
        'amount_minor',
        'reason',
        'ref_type',
        'ref_id',
        'created_at',
      ],
      this.moves.map((m) => [
        m.currencyId,
        m.debit.id,
        m.debitBucket,
        m.credit.id,
        m.creditBucket,
        m.amount,
        m.reason,
        m.refType,
        m.refId,
        m.at,
      ]),
    );
    return { entries: this.moves.length };
  }
}
