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
import { teamRepo } from './repo';

export { FEE_BATCH, feeEntriesAfter, type FeeEntry } from '../ledger/service';

/** Windows per run: a run reads at most FEE_BATCH x FEE_BATCHES_PER_RUN rows, the next run the rest. */
export const FEE_BATCHES_PER_RUN = 20;
/** How long before a run a movement must be to be read: far longer than any transaction lasts. */
export const FEE_SETTLE_LAG_MS = 60_000;

export const readWatermark = (trx: Db, name: string): Promise<number> => teamRepo.watermark(trx, name);

export const writeWatermark = (trx: Db, name: string, lastEntryId: number, at: number): Promise<void> =>
  teamRepo.setWatermark(trx, name, lastEntryId, at);
