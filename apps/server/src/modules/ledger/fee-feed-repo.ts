/**
 * SQL of the fee feed: the journal rows that credit the `fees` system account with one of the given
 * reasons, debited from a user's account, in id order, read in bounded windows after a watermark
 * (modules/team/fee-feed.ts keeps the watermarks; referral commissions and JC points consume the feed).
 */
import type { Db } from '../../db/connection';
import { SYSTEM_USER_ID } from './accounts';

export interface FeeEntry {
  entryId: number;
  userId: number;
  currencyId: number;
  amountMinor: bigint;
  reason: string;
}

/** Journal rows looked at per read: a run reads a few windows, the next run the rest. */
export const FEE_BATCH = 500;

/**
 * The next fee rows after `afterId` (at most FEE_BATCH journal rows looked at, none from after
 * `cutoffMs`), and the last journal id looked at.
 */
export async function feeEntriesAfter(
  trx: Db,
  afterId: number,
  reasons: readonly string[],
  cutoffMs: number,
): Promise<{ rows: FeeEntry[]; lastId: number }> {
  // The journal ids scanned, fee or not, bound the batch, so the watermark moves past other movements;
  // the scan ends at the first row newer than the cutoff.
  const window = await trx
    .selectFrom('ledger_entries')
    .select(['id', 'created_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(FEE_BATCH)
    .execute();
  const stop = window.findIndex((r) => r.created_at > cutoffMs);
  const settled = stop === -1 ? window : window.slice(0, stop);
  if (settled.length === 0) return { rows: [], lastId: afterId };
  const lastId = settled[settled.length - 1]!.id;
  const rows = await trx
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as c', 'c.id', 'e.credit_account_id')
    .innerJoin('ledger_accounts as d', 'd.id', 'e.debit_account_id')
    .select(['e.id', 'e.currency_id', 'e.amount_minor', 'e.reason', 'd.user_id'])
    .where('e.id', '>', afterId)
    .where('e.id', '<=', lastId)
    .where('c.user_id', '=', SYSTEM_USER_ID)
    .where('c.wallet', '=', 'fees')
    .where('d.user_id', '<>', SYSTEM_USER_ID)
    .where('e.reason', 'in', [...reasons])
    .orderBy('e.id')
    .execute();
  return {
    rows: rows.map((r) => ({
      entryId: r.id,
      userId: r.user_id,
      currencyId: r.currency_id,
      amountMinor: r.amount_minor,
      reason: r.reason,
    })),
    lastId,
  };
}
