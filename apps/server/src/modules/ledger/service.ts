/**
 * The ledger: the one writer of balances. Read README.md in this folder first.
 *
 *   await runInTransaction(ctx.db, async (trx) => {
 *     await ledger.freeze(trx, { account: userAccount(uid, 'change'), currencyId: 1, amountMinor: cost,
 *                                reason: 'spot.order_freeze', ref: { type: 'spot_order', id: orderId } });
 *   });
 *
 * Every function that moves money takes the CALLER's transaction, so the movement commits or rolls back
 * with the business change that caused it. Each movement is one journal row (debit one account bucket,
 * credit another, same currency) plus the two balance updates.
 */
import type { Db } from '../../db/connection';
import { AppError, invariant } from '../../lib/app-error';
import {
  accountKey,
  mayGoNegative,
  type AccountRef,
  type AccountWallet,
  type Bucket,
  type UserWallet,
} from './accounts';
import { ledgerRepo, type AccountKey } from './repo';
import {
  checkMovement,
  movementOf,
  refusal,
  type ConsumeMovement,
  type HoldMovement,
  type TransferMovement,
} from './rules';
import type { LedgerRef, Movement, PostInput, Reason } from './movement';

export * from './accounts';
export { FEE_BATCH, feeEntriesAfter, type FeeEntry } from './fee-feed-repo';
export type { LedgerRef, Movement, PostInput, Reason } from './movement';
export type { ConsumeMovement, HoldMovement, TransferMovement } from './rules';

/** A movement posted on its own carries its time: the ledger reads no clock. */
type Timed<M extends Movement> = M & { at: number };

export interface PostResult {
  entryId: number;
  debitAccountId: number;
  creditAccountId: number;
}

/** One line of a user's balance history: one side of a journal entry on one of the user's accounts. */
export interface LedgerLeg {
  entryId: number;
  currencyId: number;
  wallet: UserWallet;
  bucket: Bucket;
  /** Signed: negative when the amount left the account. */
  valueMinor: bigint;
  reason: string;
  ref: { type: string; id: string };
  at: number;
  /** The other side: a user's wallet (userId > 0) or a system account (userId 0, wallet = its name). */
  counterpart: { userId: number; wallet: string };
}

export interface HistoryQuery {
  userId: number;
  /** Only these wallets (default all). */
  wallets?: AccountWallet[];
  currencyId?: number;
  reasons?: Reason[];
  /** 1-based; `limit` at most 100. */
  page: number;
  limit: number;
}

export interface BalanceRow {
  currencyId: number;
  wallet: UserWallet;
  availableMinor: bigint;
  frozenMinor: bigint;
}

function keyOf(account: AccountRef, currencyId: number): AccountKey {
  return { ...accountKey(account), currencyId };
}

/** A stable lock order on PostgreSQL: rows are always updated in this order, so two movements never deadlock. */
const keyOrder = (a: AccountKey, b: AccountKey): number =>
  a.userId - b.userId || (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0);

/**
 * The general movement: debit one (account, bucket), credit another, one journal row. Every other
 * function here is a named case of it. Refuses with LEDGER_INSUFFICIENT (available) or
 * LEDGER_FROZEN_INSUFFICIENT (frozen) when a user account (or a system account that may not go
 * negative) lacks the amount; a refusal leaves no effect behind.
 */
async function post(trx: Db, p: Timed<PostInput>): Promise<PostResult> {
  invariant(trx.isTransaction, 'ledger writes must run inside the caller’s transaction');
  checkMovement(p);
  const now = p.at;
  const debitKey = keyOf(p.debit.account, p.currencyId);
  const creditKey = keyOf(p.credit.account, p.currencyId);
  const amount = p.amountMinor;

  const doDebit = async (): Promise<number | null> =>
    mayGoNegative(p.debit.account)
      ? ledgerRepo.addTo(trx, debitKey, p.debit.bucket, -amount, now)
      : ledgerRepo.debitIfCovered(trx, debitKey, p.debit.bucket, amount, now);
  const doCredit = () => ledgerRepo.addTo(trx, creditKey, p.credit.bucket, amount, now);
  // Undoing a change this movement just made cannot pass the bound: the bucket held that value before.
  const undo = async (key: AccountKey, bucket: Bucket, delta: bigint) => {
    const id = await ledgerRepo.addTo(trx, key, bucket, delta, now);
    invariant(id !== null, 'ledger: undoing a movement passed the balance bound');
  };
  const refuse = (): never => {
    throw refusal(p.debit.bucket);
  };
  const tooLarge = (): never => {
    throw new AppError('LEDGER_LIMIT');
  };

  let debitId: number | null;
  let creditId: number | null;
  if (keyOrder(debitKey, creditKey) <= 0) {
    debitId = await doDebit();
    // A debit of an account that may go negative is refused only by the bound.
    if (debitId === null) (mayGoNegative(p.debit.account) ? tooLarge : refuse)();
    creditId = await doCredit();
    if (creditId === null) {
      await undo(debitKey, p.debit.bucket, amount);
      tooLarge();
    }
  } else {
    creditId = await doCredit();
    if (creditId === null) tooLarge();
    debitId = await doDebit();
    if (debitId === null) {
      // Undo the credit so a caller that catches the refusal and carries on leaves nothing behind.
      await undo(creditKey, p.credit.bucket, -amount);
      (mayGoNegative(p.debit.account) ? tooLarge : refuse)();
    }
  }
  const entry = await ledgerRepo.insertEntry(trx, {
    currencyId: p.currencyId,
    debitAccountId: debitId!,
    debitBucket: p.debit.bucket,
    creditAccountId: creditId!,
    creditBucket: p.credit.bucket,
    amount,
    reason: p.reason,
    refType: p.ref.type,
    refId: String(p.ref.id),
    now,
  });
  return { entryId: entry.id, debitAccountId: debitId!, creditAccountId: creditId! };
}

export const ledger = {
  post,

  /** The named cases of `post` (rules.ts says which buckets each moves). */
  transfer: (trx: Db, m: Timed<TransferMovement>): Promise<PostResult> =>
    post(trx, { ...movementOf.transfer(m), at: m.at }),
  freeze: (trx: Db, m: Timed<HoldMovement>): Promise<PostResult> =>
    post(trx, { ...movementOf.freeze(m), at: m.at }),
  release: (trx: Db, m: Timed<HoldMovement>): Promise<PostResult> =>
    post(trx, { ...movementOf.release(m), at: m.at }),
  consume: (trx: Db, m: Timed<ConsumeMovement>): Promise<PostResult> =>
    post(trx, { ...movementOf.consume(m), at: m.at }),

  /** Every account of a user (rows exist once money has touched them), by currency then wallet. */
  async balances(db: Db, userId: number): Promise<BalanceRow[]> {
    const rows = await ledgerRepo.accountsOfUser(db, userId);
    return rows.map((r) => ({
      currencyId: r.currency_id,
      wallet: r.wallet as UserWallet,
      availableMinor: r.available_minor,
      frozenMinor: r.frozen_minor,
    }));
  },

  /** One account's balance; zeros when it has never been used. */
  async balance(
    db: Db,
    account: AccountRef,
    currencyId: number,
  ): Promise<{ availableMinor: bigint; frozenMinor: bigint }> {
    const row = await ledgerRepo.account(db, keyOf(account, currencyId));
    return { availableMinor: row?.available_minor ?? 0n, frozenMinor: row?.frozen_minor ?? 0n };
  },

  /** A user's balance history, newest first, one page (see LedgerLeg). */
  async history(db: Db, q: HistoryQuery): Promise<{ legs: LedgerLeg[]; total: number }> {
    invariant(
      q.page >= 1 && q.limit >= 1 && q.limit <= 100,
      'history pages are 1-based with at most 100 rows',
    );
    const { rows, total } = await ledgerRepo.legs(db, {
      userId: q.userId,
      wallets: q.wallets,
      currencyId: q.currencyId,
      reasons: q.reasons,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    return {
      total,
      legs: rows.map((r) => ({
        entryId: r.entry_id,
        currencyId: r.currency_id,
        wallet: r.wallet as UserWallet,
        bucket: r.bucket as Bucket,
        valueMinor: r.value_minor,
        reason: r.reason,
        ref: { type: r.ref_type, id: r.ref_id },
        at: r.created_at,
        counterpart: { userId: r.other_user_id, wallet: r.other_wallet },
      })),
    };
  },

  /** Whether a movement with this ref (and reason, if given) was already posted: idempotent jobs and seeders. */
  hasEntry(db: Db, ref: LedgerRef, reason?: Reason): Promise<boolean> {
    return ledgerRepo.hasEntryForRef(db, ref.type, String(ref.id), reason);
  },
};

export type Ledger = typeof ledger;
