/**
 * SQL of deposit claims (a user names a deposit the scanner did not credit; an operator decides) and of
 * the one-credit-per-transaction guard (`funding_tx_credits`) every crediting path writes.
 */
import type { Insertable } from 'kysely';
import type { FundingClaimsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

/** Claims an operator's list shows, open ones first. */
const CLAIMS_LISTED = 500;

export const claimsRepo = {
  /** Whether a transaction was credited, or is seen by the scanner and still confirming. */
  async isCreditedOrSeen(db: Db, chain: string, txHash: string): Promise<boolean> {
    const [credit, seen] = await Promise.all([
      db
        .selectFrom('funding_tx_credits')
        .select('source')
        .where('chain', '=', chain)
        .where('tx_hash', '=', txHash)
        .executeTakeFirst(),
      db
        .selectFrom('funding_deposits')
        .select('id')
        .where('chain', '=', chain)
        .where('tx_hash', '=', txHash)
        .where('status', 'in', [0, 1])
        .executeTakeFirst(),
    ]);
    return credit !== undefined || seen !== undefined;
  },

  async insert(db: Db, row: Insertable<FundingClaimsTable>): Promise<void> {
    await db.insertInto('funding_claims').values(row).execute();
  },

  byId: (db: Db, id: number) =>
    db.selectFrom('funding_claims').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Open claims first, newest first within a status. */
  listed: (db: Db) =>
    db
      .selectFrom('funding_claims')
      .selectAll()
      .orderBy('status')
      .orderBy('id', 'desc')
      .limit(CLAIMS_LISTED)
      .execute(),

  /** Records on the claim the transaction the operator named for it. */
  async nameTx(db: Db, id: number, chain: string, txHash: string): Promise<void> {
    await db.updateTable('funding_claims').set({ chain, tx_hash: txHash }).where('id', '=', id).execute();
  },

  /** Closes an open claim; false when it was decided already. */
  async close(db: Db, id: number, status: 1 | 2, at: number): Promise<boolean> {
    const r = await db
      .updateTable('funding_claims')
      .set({ status, decided_at: at })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The database's own guard: one credit per chain and tx hash, whichever path comes first. */
  async recordCredit(
    db: Db,
    c: { chain: string; txHash: string; source: 'deposit' | 'claim'; refId: number; at: number },
  ): Promise<void> {
    await db
      .insertInto('funding_tx_credits')
      .values({ chain: c.chain, tx_hash: c.txHash, source: c.source, ref_id: c.refId, credited_at: c.at })
      .execute();
  },

  /** Takes the transaction for this credit unless another credit holds it already. */
  async takeCredit(
    db: Db,
    c: { chain: string; txHash: string; source: 'deposit' | 'claim'; refId: number; at: number },
  ): Promise<void> {
    await db
      .insertInto('funding_tx_credits')
      .values({ chain: c.chain, tx_hash: c.txHash, source: c.source, ref_id: c.refId, credited_at: c.at })
      .onConflict((oc) => oc.columns(['chain', 'tx_hash']).doNothing())
      .execute();
  },

  /** Which path credited the transaction. */
  creditSource: async (db: Db, chain: string, txHash: string) =>
    (
      await db
        .selectFrom('funding_tx_credits')
        .select('source')
        .where('chain', '=', chain)
        .where('tx_hash', '=', txHash)
        .executeTakeFirstOrThrow()
    ).source,
};
