/**
 * SQL of the EVM hot wallet (evm-hot-wallet.ts): the signed sends kept by reference
 * (`funding_evm_sends`) and the wallet's nonce counter per chain (`funding_evm_nonces`).
 */
import { sql } from 'kysely';
import type { Db } from '../../../db/connection';

export const evmRepo = {
  sendByReference: (db: Db, reference: string) =>
    db
      .selectFrom('funding_evm_sends')
      .select(['tx_hash', 'raw_tx'])
      .where('reference', '=', reference)
      .executeTakeFirst(),

  sendByTxHash: (db: Db, txHash: string) =>
    db.selectFrom('funding_evm_sends').select('raw_tx').where('tx_hash', '=', txHash).executeTakeFirst(),

  async insertSend(
    db: Db,
    s: {
      reference: string;
      chain: string;
      from_address: string;
      nonce: number;
      tx_hash: string;
      raw_tx: string;
      created_at: number;
    },
  ): Promise<void> {
    await db.insertInto('funding_evm_sends').values(s).execute();
  },

  /** Holds the wallet's nonce row until the transaction ends (concurrent sends queue up here). */
  async lockNonce(trx: Db, chain: string, address: string, chainNonce: number): Promise<void> {
    await trx
      .insertInto('funding_evm_nonces')
      .values({ chain, address, next_nonce: chainNonce })
      .onConflict((oc) => oc.columns(['chain', 'address']).doNothing())
      .execute();
    await trx
      .updateTable('funding_evm_nonces')
      .set({ next_nonce: sql<number>`next_nonce` })
      .where('chain', '=', chain)
      .where('address', '=', address)
      .execute();
  },

  /** Takes the next nonce: at least `chainNonce` (the node's pending count). */
  async takeNonce(trx: Db, chain: string, address: string, chainNonce: number): Promise<number> {
    const floor = sql<number>`cast(${chainNonce} as integer)`;
    const row = await trx
      .updateTable('funding_evm_nonces')
      .set({
        next_nonce: sql<number>`(case when next_nonce > ${floor} then next_nonce else ${floor} end) + 1`,
      })
      .where('chain', '=', chain)
      .where('address', '=', address)
      .returning('next_nonce')
      .executeTakeFirstOrThrow();
    return Number(row.next_nonce) - 1;
  },
};
