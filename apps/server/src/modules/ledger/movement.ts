/** The shape of one balance movement, shared by `ledger.*` (service.ts), `LedgerBatch` and the rules. */
import type { AccountRef, Bucket } from './accounts';

/**
 * Reason codes are `<area>.<name>` (lower case, digits, `_`). They are stored in the journal and shown
 * to the user through the i18n key `<area>.ledgerReason.<name>` (see README.md).
 */
export type Reason = `${string}.${string}`;

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

export interface PostInput extends Movement {
  debit: { account: AccountRef; bucket: Bucket };
  credit: { account: AccountRef; bucket: Bucket };
}
