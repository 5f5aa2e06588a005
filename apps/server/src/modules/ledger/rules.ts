/**
 * The rules of one movement, shared by `ledger.*` (service.ts, one movement at a time) and `LedgerBatch`
 * (batch.ts, many movements in one flush): what makes a movement well-formed, which buckets each named
 * case moves, and how an uncovered debit is refused. The movement types themselves are in service.ts.
 */
import { AppError, invariant } from '../../lib/app-error';
import { describeAccount, sameAccount, type AccountRef, type Bucket } from './accounts';
import type { Movement, PostInput } from './movement';

/** `Reason` (service.ts) as stored: `<area>.<name>`, lower case, digits, `_`. */
const REASON_RE = /^[a-z][a-z0-9_]{0,30}\.[a-z][a-z0-9_]{0,60}$/;

/** The named cases' inputs: a movement between two accounts, a hold on one account, a hold posted on. */
export type TransferMovement = Movement & { from: AccountRef; to: AccountRef };
export type HoldMovement = Movement & { account: AccountRef };
export type ConsumeMovement = Movement & { from: AccountRef; to: AccountRef; toBucket?: Bucket };

/** 2^63 - 1: the largest amount a BIGINT column holds. */
const MAX_AMOUNT = (1n << 63n) - 1n;
const REF_TYPE_MAX = 64;
const REF_ID_MAX = 128;

/** Fails an invariant unless the movement is well-formed; returns the ref id as stored (text). */
export function checkMovement(p: PostInput): string {
  invariant(typeof p.amountMinor === 'bigint', 'amountMinor must be a bigint');
  invariant(p.amountMinor > 0n, `amount must be > 0, got ${p.amountMinor}`);
  invariant(p.amountMinor <= MAX_AMOUNT, 'amount exceeds the 64-bit range');
  invariant(Number.isSafeInteger(p.currencyId) && p.currencyId > 0, `bad currency id ${p.currencyId}`);
  invariant(REASON_RE.test(p.reason), `reason must be <area>.<name>, got ${JSON.stringify(p.reason)}`);
  invariant(
    typeof p.ref?.type === 'string' && p.ref.type.length > 0 && p.ref.type.length <= REF_TYPE_MAX,
    'ref.type required',
  );
  const refId = String(p.ref.id);
  invariant(refId.length > 0 && refId.length <= REF_ID_MAX, 'ref.id required (<= 128 chars)');
  const isSameBucket = sameAccount(p.debit.account, p.credit.account) && p.debit.bucket === p.credit.bucket;
  invariant(!isSameBucket, `a movement needs two different buckets (${describeAccount(p.debit.account)})`);
  return refId;
}

/** The refusal of a debit the bucket does not cover; it leaves nothing behind, so callers may carry on. */
export const refusal = (debitBucket: Bucket): AppError =>
  new AppError(debitBucket === 'available' ? 'LEDGER_INSUFFICIENT' : 'LEDGER_FROZEN_INSUFFICIENT');

/** The named cases of a movement: which account buckets each one debits and credits. */
export const movementOf = {
  /** available(from) -> available(to). */
  transfer(m: TransferMovement): PostInput {
    invariant(!sameAccount(m.from, m.to), `transfer to the same account (${describeAccount(m.from)})`);
    return {
      ...m,
      debit: { account: m.from, bucket: 'available' },
      credit: { account: m.to, bucket: 'available' },
    };
  },

  /** A hold: available -> frozen on the same account. */
  freeze(m: HoldMovement): PostInput {
    return {
      ...m,
      debit: { account: m.account, bucket: 'available' },
      credit: { account: m.account, bucket: 'frozen' },
    };
  },

  /** Gives a hold back (partly or wholly): frozen -> available on the same account. */
  release(m: HoldMovement): PostInput {
    return {
      ...m,
      debit: { account: m.account, bucket: 'frozen' },
      credit: { account: m.account, bucket: 'available' },
    };
  },

  /**
   * Posts a hold (partly or wholly): frozen(from) -> `toBucket` (default available) of `to`. What is
   * left frozen stays held until a later consume or release.
   */
  consume(m: ConsumeMovement): PostInput {
    return {
      ...m,
      debit: { account: m.from, bucket: 'frozen' },
      credit: { account: m.to, bucket: m.toBucket ?? 'available' },
    };
  },
};
