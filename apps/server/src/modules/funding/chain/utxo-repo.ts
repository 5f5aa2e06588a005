/**
 * The UTXO chain adapter's SQL (tables `funding_utxo_*`, migration 0815): batches of withdrawals, their
 * signed versions, the withdrawals each pays and the hot wallet's coins each spends.
 */
import { sql } from 'kysely';
import type { Db } from '../../../db/connection';
import { runInTransaction } from '../../../db/transaction';
import { catalogRepo } from '../../catalog/repo';
import { fundingConfigRepo } from '../config-repo';

export interface NewBatch {
  chain: string;
  txid: string;
  raw: string;
  feeRate: number;
  fee: bigint;
  changeMinor: bigint;
  at: number;
  outputs: { reference: string; address: string; amount: bigint }[];
  spent: { txid: string; vout: number; amount: bigint }[];
}

export const utxoRepo = {
  /** The scale of the currency the asset is configured for on `chain`. */
  async scaleOf(db: Db, chain: string, asset: string): Promise<number | null> {
    const network = await fundingConfigRepo.networkOfAsset(db, chain, asset);
    const row = network && (await catalogRepo.currency(db, network.currency_id));
    return row ? row.scale : null;
  },

  /** Holds the chain's lock row until the transaction ends (batches are built one after another). */
  async lock(trx: Db, chain: string): Promise<void> {
    await trx
      .insertInto('funding_utxo_locks')
      .values({ chain, batches: 0 })
      .onConflict((oc) => oc.column('chain').doNothing())
      .execute();
    await trx
      .updateTable('funding_utxo_locks')
      .set({ batches: sql<number>`batches + 1` })
      .where('chain', '=', chain)
      .execute();
  },

  /** The references among `refs` some batch already pays. */
  async paidReferences(db: Db, refs: readonly string[]): Promise<Set<string>> {
    if (refs.length === 0) return new Set();
    const rows = await db
      .selectFrom('funding_utxo_outputs')
      .select('reference')
      .where('reference', 'in', [...refs])
      .execute();
    return new Set(rows.map((r) => r.reference));
  },

  /** `txid:vout` of the coins among `coins` a batch already spends. */
  async spentCoins(db: Db, chain: string, coins: readonly { txid: string; vout: number }[]) {
    const out = new Set<string>();
    const txids = [...new Set(coins.map((c) => c.txid))];
    for (let i = 0; i < txids.length; i += 500) {
      const rows = await db
        .selectFrom('funding_utxo_spent')
        .select(['txid', 'vout'])
        .where('chain', '=', chain)
        .where('txid', 'in', txids.slice(i, i + 500))
        .execute();
      for (const r of rows) out.add(`${r.txid}:${r.vout}`);
    }
    return out;
  },

  /** Records a signed batch: its first version, its outputs and its coins (a coin spent twice throws). */
  async insertBatch(trx: Db, b: NewBatch): Promise<number> {
    const row = await trx
      .insertInto('funding_utxo_batches')
      .values({
        chain: b.chain,
        txid: b.txid,
        raw_tx: b.raw,
        fee_rate: b.feeRate,
        fee_minor: b.fee,
        change_minor: b.changeMinor,
        sent_at: b.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await trx
      .insertInto('funding_utxo_txs')
      .values({ txid: b.txid, batch_id: id, raw_tx: b.raw, fee_rate: b.feeRate, created_at: b.at })
      .execute();
    await trx
      .insertInto('funding_utxo_outputs')
      .values(
        b.outputs.map((o) => ({
          reference: o.reference,
          address: o.address,
          amount_minor: o.amount,
          batch_id: id,
        })),
      )
      .execute();
    await trx
      .insertInto('funding_utxo_spent')
      .values(
        b.spent.map((s) => ({
          chain: b.chain,
          txid: s.txid,
          vout: s.vout,
          amount_minor: s.amount,
          batch_id: id,
        })),
      )
      .execute();
    return id;
  },

  /** The batch paying `reference`, with its newest version. */
  async batchOfReference(db: Db, reference: string) {
    return db
      .selectFrom('funding_utxo_outputs as o')
      .innerJoin('funding_utxo_batches as b', 'b.id', 'o.batch_id')
      .selectAll('b')
      .where('o.reference', '=', reference)
      .executeTakeFirst();
  },

  /** The batch one of whose versions is `txid`. */
  async batchOfTx(db: Db, txid: string) {
    return db
      .selectFrom('funding_utxo_txs as t')
      .innerJoin('funding_utxo_batches as b', 'b.id', 't.batch_id')
      .selectAll('b')
      .where('t.txid', '=', txid)
      .executeTakeFirst();
  },

  /** Every version of a batch, newest first. */
  async versions(db: Db, batchId: number) {
    return db
      .selectFrom('funding_utxo_txs')
      .selectAll()
      .where('batch_id', '=', batchId)
      .orderBy('created_at', 'desc')
      .orderBy('fee_rate', 'desc')
      .execute();
  },

  async outputsOf(db: Db, batchId: number) {
    return db.selectFrom('funding_utxo_outputs').selectAll().where('batch_id', '=', batchId).execute();
  },

  async spentOf(db: Db, batchId: number) {
    return db.selectFrom('funding_utxo_spent').selectAll().where('batch_id', '=', batchId).execute();
  },

  /** A replacement (replace-by-fee) is recorded before it is broadcast (a crash then still knows it). */
  async addVersion(db: Db, batchId: number, v: { txid: string; raw: string; feeRate: number; at: number }) {
    await db
      .insertInto('funding_utxo_txs')
      .values({ txid: v.txid, batch_id: batchId, raw_tx: v.raw, fee_rate: v.feeRate, created_at: v.at })
      .execute();
  },

  /** The node took the replacement: it becomes the batch's newest version. */
  async promote(
    db: Db,
    batchId: number,
    v: { txid: string; raw: string; feeRate: number; fee: bigint; changeMinor: bigint; at: number },
  ) {
    await db
      .updateTable('funding_utxo_batches')
      .set({
        txid: v.txid,
        raw_tx: v.raw,
        fee_rate: v.feeRate,
        fee_minor: v.fee,
        change_minor: v.changeMinor,
        sent_at: v.at,
      })
      .where('id', '=', batchId)
      .execute();
  },

  /** The node refused the replacement: it never existed; the next bump waits from `at`. */
  async dropVersion(db: Db, batchId: number, txid: string, at: number) {
    await runInTransaction(db, async (trx) => {
      await trx.deleteFrom('funding_utxo_txs').where('txid', '=', txid).execute();
      await trx.updateTable('funding_utxo_batches').set({ sent_at: at }).where('id', '=', batchId).execute();
    });
  },
};
