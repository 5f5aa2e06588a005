/**
 * SQL of the sandbox chain (sandbox.ts): its blocks (`sandbox_chain_blocks`) and transfers
 * (`sandbox_chain_txs`, the mempool while `block_height` is null).
 */
import type { Db } from '../../../db/connection';

/** Mempool transfers one block takes at most. */
const BLOCK_TXS_MAX = 10_000;

export interface SandboxTxRow {
  asset: string;
  from: string;
  to: string;
  memo: string;
  amountMinor: bigint;
}

export const sandboxChainRepo = {
  tip: (db: Db) =>
    db
      .selectFrom('sandbox_chain_blocks')
      .select(['height', 'hash'])
      .orderBy('height', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** Adds a block; with `isOnce` a block at that height already there is kept. */
  async insertBlock(
    db: Db,
    b: { height: number; hash: string; parent_hash: string; mined_at: number },
    isOnce = false,
  ): Promise<void> {
    let q = db.insertInto('sandbox_chain_blocks').values(b);
    if (isOnce) q = q.onConflict((oc) => oc.column('height').doNothing());
    await q.execute();
  },

  /** Puts the whole mempool (in arrival order) into the block at `height`. */
  async mineMempool(db: Db, height: number): Promise<void> {
    const pending = await db
      .selectFrom('sandbox_chain_txs')
      .select('id')
      .where('block_height', 'is', null)
      .orderBy('id')
      .limit(BLOCK_TXS_MAX)
      .execute();
    for (const [i, p] of pending.entries()) {
      await db
        .updateTable('sandbox_chain_txs')
        .set({ block_height: height, log_index: i })
        .where('id', '=', p.id)
        .execute();
    }
  },

  /** Drops the blocks from `from` up; their transfers vanish (`isDropped`) or return to the mempool. */
  async cutFrom(db: Db, from: number, isDropped: boolean): Promise<void> {
    if (isDropped) await db.deleteFrom('sandbox_chain_txs').where('block_height', '>=', from).execute();
    else
      await db
        .updateTable('sandbox_chain_txs')
        .set({ block_height: null, log_index: 0 })
        .where('block_height', '>=', from)
        .execute();
    await db.deleteFrom('sandbox_chain_blocks').where('height', '>=', from).execute();
  },

  /** Puts a transfer in the mempool; the same `txHash` twice is one transfer. */
  async insertTx(db: Db, at: number, txHash: string, t: SandboxTxRow): Promise<void> {
    await db
      .insertInto('sandbox_chain_txs')
      .values({
        tx_hash: txHash,
        asset: t.asset,
        from_address: t.from,
        to_address: t.to,
        memo: t.memo,
        amount_minor: t.amountMinor,
        block_height: null,
        log_index: 0,
        failed: 0,
        created_at: at,
      })
      .onConflict((oc) => oc.column('tx_hash').doNothing())
      .execute();
  },

  txCount: async (db: Db): Promise<number | string | bigint> =>
    (
      await db
        .selectFrom('sandbox_chain_txs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,

  async failTx(db: Db, txHash: string): Promise<void> {
    await db.updateTable('sandbox_chain_txs').set({ failed: 1 }).where('tx_hash', '=', txHash).execute();
  },

  blocksBetween: (db: Db, from: number, to: number) =>
    db
      .selectFrom('sandbox_chain_blocks')
      .select(['height', 'hash'])
      .where('height', '>=', from)
      .where('height', '<=', to)
      .orderBy('height')
      .execute(),

  /** Mined, not reverted transfers of these assets in blocks `from`..`to`, in chain order. */
  transfersBetween: (db: Db, from: number, to: number, assets: readonly string[]) =>
    db
      .selectFrom('sandbox_chain_txs as t')
      .innerJoin('sandbox_chain_blocks as b', 'b.height', 't.block_height')
      .select(['t.tx_hash', 't.log_index', 't.block_height', 'b.hash', 't.asset', 't.to_address'])
      .select(['t.memo', 't.amount_minor'])
      .where('t.block_height', '>=', from)
      .where('t.block_height', '<=', to)
      .where('t.failed', '=', 0)
      .where('t.asset', 'in', [...assets])
      .orderBy('t.block_height')
      .orderBy('t.log_index')
      .execute(),

  txState: (db: Db, txHash: string) =>
    db
      .selectFrom('sandbox_chain_txs')
      .select(['block_height', 'failed'])
      .where('tx_hash', '=', txHash)
      .executeTakeFirst(),
};
