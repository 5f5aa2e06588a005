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
  describeAccount,
  mayGoNegative,
  sameAccount,
  type AccountRef,
  type Bucket,
  type UserWallet,
} from './accounts';
import { ledgerRepo, type AccountKey } from './repo';

export * from './accounts';

/**
 * Reason codes are `<area>.<name>` (lower case, digits, `_`). They are stored in the journal and shown
 * to the user through the i18n key `<area>.ledgerReason.<name>` (see README.md).
 */
export type Reason = `${string}.${string}`;
const REASON_RE = /^[a-z][a-z0-9_]{0,30}\.[a-z][a-z0-9_]{0,60}$/;

/** What caused a movement: an order, a trade, a transfer, a deposit... `id` is stored as text. */
export interface LedgerRef {
  type: string;
  id: string | number;
}

export interface Movement {
  currencyId: number;
  /** Minor units at the currency's scale; always > 0 (direction comes from debit/credit). */
  amountMinor: bigint;
  reason: Reason;
  ref: LedgerRef;
  /** Time of the movement (ms): ctx.clock.now(). `ledger.*` requires it; a LedgerBatch uses its own. */
  at?: number;
}

/** A movement posted on its own carries its time: the ledger reads no clock. */
type Timed<M extends Movement> = M & { at: number };

export interface PostInput extends Movement {
  debit: { account: AccountRef; bucket: Bucket };
  credit: { account: AccountRef; bucket: Bucket };
}

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
  wallets?: UserWallet[];
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

/** 2^63 - 1: the largest amount a BIGINT column holds. */
const MAX_AMOUNT = (1n << 63n) - 1n;

function checkMovement(trx: Db, m: Movement): void {
  invariant(trx.isTransaction, 'ledger writes must run inside the caller’s transaction');
  invariant(typeof m.amountMinor === 'bigint', 'amountMinor must be a bigint');
  invariant(m.amountMinor > 0n, `amount must be > 0, got ${m.amountMinor}`);
  invariant(m.amountMinor <= MAX_AMOUNT, 'amount exceeds the 64-bit range');
  invariant(Number.isSafeInteger(m.currencyId) && m.currencyId > 0, `bad currency id ${m.currencyId}`);
  invariant(REASON_RE.test(m.reason), `reason must be <area>.<name>, got ${JSON.stringify(m.reason)}`);
  invariant(
    typeof m.ref?.type === 'string' && m.ref.type.length > 0 && m.ref.type.length <= 64,
    'ref.type required',
  );
  invariant(String(m.ref.id).length > 0 && String(m.ref.id).length <= 128, 'ref.id required (<= 128 chars)');
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
  checkMovement(trx, p);
  const isSameBucket = sameAccount(p.debit.account, p.credit.account) && p.debit.bucket === p.credit.bucket;
  invariant(!isSameBucket, `a movement needs two different buckets (${describeAccount(p.debit.account)})`);
  const now = p.at;
  const debitKey = keyOf(p.debit.account, p.currencyId);
  const creditKey = keyOf(p.credit.account, p.currencyId);
  const amount = p.amountMinor;

  const doDebit = async (): Promise<number | null> =>
    mayGoNegative(p.debit.account)
      ? ledgerRepo.addTo(trx, debitKey, p.debit.bucket, -amount, now)
      : ledgerRepo.debitIfCovered(trx, debitKey, p.debit.bucket, amount, now);
  const doCredit = () => ledgerRepo.addTo(trx, creditKey, p.credit.bucket, amount, now);
  const refuse = (): never => {
    throw new AppError(p.debit.bucket === 'available' ? 'LEDGER_INSUFFICIENT' : 'LEDGER_FROZEN_INSUFFICIENT');
  };

  let debitId: number | null;
  let creditId: number;
  if (keyOrder(debitKey, creditKey) <= 0) {
    debitId = await doDebit();
    if (debitId === null) refuse();
    creditId = await doCredit();
  } else {
    creditId = await doCredit();
    debitId = await doDebit();
    if (debitId === null) {
      // Undo the credit so a caller that catches the refusal and carries on leaves nothing behind.
      await ledgerRepo.addTo(trx, creditKey, p.credit.bucket, -amount, now);
      refuse();
    }
  }
  const entry = await ledgerRepo.insertEntry(trx, {
    currencyId: p.currencyId,
    debitAccountId: debitId!,
    debitBucket: p.debit.bucket,
    creditAccountId: creditId,
    creditBucket: p.credit.bucket,
    amount,
    reason: p.reason,
    refType: p.ref.type,
    refId: String(p.ref.id),
    now,
  });
  return { entryId: entry.id, debitAccountId: debitId!, creditAccountId: creditId };
}

export const ledger = {
  post,

  /** available(from) -> available(to). */
  transfer(trx: Db, m: Timed<Movement & { from: AccountRef; to: AccountRef }>): Promise<PostResult> {
    invariant(!sameAccount(m.from, m.to), `transfer to the same account (${describeAccount(m.from)})`);
    return post(trx, {
      ...m,
      debit: { account: m.from, bucket: 'available' },
      credit: { account: m.to, bucket: 'available' },
    });
  },

  /** A hold: available -> frozen on the same account. */
  freeze(trx: Db, m: Timed<Movement & { account: AccountRef }>): Promise<PostResult> {
    return post(trx, {
      ...m,
      debit: { account: m.account, bucket: 'available' },
      credit: { account: m.account, bucket: 'frozen' },
    });
  },

  /** Gives a hold back (partly or wholly): frozen -> available on the same account. */
  release(trx: Db, m: Timed<Movement & { account: AccountRef }>): Promise<PostResult> {
    return post(trx, {
      ...m,
      debit: { account: m.account, bucket: 'frozen' },
      credit: { account: m.account, bucket: 'available' },
    });
  },

  /**
   * Posts a hold (partly or wholly): frozen(from) -> `toBucket` (default available) of `to`. What is
   * left frozen stays held until a later consume or release.
   */
  consume(
    trx: Db,
    m: Timed<Movement & { from: AccountRef; to: AccountRef; toBucket?: Bucket }>,
  ): Promise<PostResult> {
    return post(trx, {
      ...m,
      debit: { account: m.from, bucket: 'frozen' },
      credit: { account: m.to, bucket: m.toBucket ?? 'available' },
    });
  },

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
