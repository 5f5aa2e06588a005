/**
 * Reads the ledger's fee movements since a watermark: the journal rows that credit the `fees` system
 * account with one of the given reasons, debited from a user's account, in id order. Each consumer
 * (referral commissions, JC points) keeps its own watermark in `earn_watermarks` and advances it in the
 * transaction that records what it did with the rows, so every fee is handled once.
 *
 * Journal ids are handed out before their transaction commits, so on PostgreSQL a row with a lower id can
 * appear after a higher one was read. A reader therefore stops at the first row newer than its cutoff
 * (`FEE_SETTLE_LAG_MS` before the run's time): rows that old have long committed or rolled back, and
 * the watermark never passes an id that could still appear.
 */
import type { Db } from '../../db/connection';
import { SYSTEM_USER_ID } from '../ledger/service';

export interface FeeEntry {
  entryId: number;
  userId: number;
  currencyId: number;
  amountMinor: bigint;
  reason: string;
}

/** Fee rows per read: a run reads at most FEE_BATCH x FEE_BATCHES_PER_RUN, the next run the rest. */
export const FEE_BATCH = 500;
export const FEE_BATCHES_PER_RUN = 20;
/** How long before a run a movement must be to be read: far longer than any transaction lasts. */
export const FEE_SETTLE_LAG_MS = 60_000;

export async function readWatermark(trx: Db, name: string): Promise<number> {
  const row = await trx
    .selectFrom('earn_watermarks')
    .select('last_entry_id')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.last_entry_id ?? 0;
}

export async function writeWatermark(trx: Db, name: string, lastEntryId: number, at: number): Promise<void> {
  await trx
    .insertInto('earn_watermarks')
    .values({ name, last_entry_id: lastEntryId, updated_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ last_entry_id: lastEntryId, updated_at: at }))
    .execute();
}

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
