/** funding's SQL (Kysely): deposit addresses, the scanners' resume points, deposits and claims. */
import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export interface OpenDeposit {
  id: number;
  chain: string;
  tx_hash: string;
  user_id: number;
  currency_id: number;
  amount_minor: bigint;
  confirmations: number;
  required: number;
  min_deposit_minor: bigint;
}

export interface SeenTransfer {
  chain: string;
  txHash: string;
  logIndex: number;
  networkId: number;
  currencyId: number;
  userId: number;
  address: string;
  memo: string;
  amountMinor: bigint;
  blockHeight: number;
  blockHash: string;
  confirmations: number;
}

/** Addresses per owner lookup (well below the databases' bound-parameter limits). */
const OWNERS_PER_QUERY = 1000;
/** Deposit rows per insert statement (15 parameters a row). */
const SEEN_PER_STATEMENT = 400;

export const fundingRepo = {
  async addOwnAddress(db: Db, chain: string, address: string, memo: string, userId: number, at: number) {
    await db
      .insertInto('funding_addresses')
      .values({ chain, address, memo, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['chain', 'address', 'memo']).doNothing())
      .execute();
  },

  /** Owners of the given (address, memo) pairs on a chain, keyed `address\nmemo` (asked 1,000 at a time). */
  async owners(db: Db, chain: string, addresses: readonly string[]): Promise<Map<string, number>> {
    const distinct = [...new Set(addresses)];
    const owners = new Map<string, number>();
    for (let i = 0; i < distinct.length; i += OWNERS_PER_QUERY) {
      const rows = await db
        .selectFrom('funding_addresses')
        .select(['address', 'memo', 'user_id'])
        .where('chain', '=', chain)
        .where('address', 'in', distinct.slice(i, i + OWNERS_PER_QUERY))
        .execute();
      for (const r of rows) owners.set(`${r.address}\n${r.memo}`, r.user_id);
    }
    return owners;
  },

  async scanState(db: Db, chain: string) {
    return db.selectFrom('funding_scan_state').selectAll().where('chain', '=', chain).executeTakeFirst();
  },

  async saveScanState(db: Db, chain: string, nextHeight: number, head: number, at: number) {
    await db
      .insertInto('funding_scan_state')
      .values({ chain, next_height: nextHeight, head, updated_at: at })
      .onConflict((oc) => oc.column('chain').doUpdateSet({ next_height: nextHeight, head, updated_at: at }))
      .execute();
  },

  /** The lowest block of a deposit still confirming (the scanner reads again from there). */
  async lowestOpenHeight(db: Db, chain: string): Promise<number | null> {
    const r = await db
      .selectFrom('funding_deposits')
      .select((eb) => eb.fn.min<number>('block_height').as('h'))
      .where('chain', '=', chain)
      .where('status', '=', 0)
      .executeTakeFirst();
    return r?.h ?? null;
  },

  /**
   * Records the transfers seen, a few hundred rows a statement (a busy block holds hundreds): new ones
   * inserted, confirming ones moved to the block they are in now, closed ones left alone.
   */
  async upsertSeenMany(db: Db, ts: readonly SeenTransfer[], at: number) {
    for (let i = 0; i < ts.length; i += SEEN_PER_STATEMENT) {
      const rows = ts.slice(i, i + SEEN_PER_STATEMENT).map((t) => ({
        chain: t.chain,
        tx_hash: t.txHash,
        log_index: t.logIndex,
        network_id: t.networkId,
        currency_id: t.currencyId,
        user_id: t.userId,
        address: t.address,
        memo: t.memo,
        amount_minor: t.amountMinor,
        block_height: t.blockHeight,
        block_hash: t.blockHash,
        confirmations: t.confirmations,
        status: 0,
        seen_at: at,
        credited_at: null,
      }));
      await db
        .insertInto('funding_deposits')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['chain', 'tx_hash', 'log_index'])
            .doUpdateSet((eb) => ({
              block_height: eb.ref('excluded.block_height'),
              block_hash: eb.ref('excluded.block_hash'),
              confirmations: eb.ref('excluded.confirmations'),
            }))
            .where('funding_deposits.status', '=', 0),
        )
        .execute();
    }
  },

  /** Confirming deposits in blocks `from..to` that a scan of those blocks did not see: out of the chain. */
  async orphanUnseen(db: Db, chain: string, from: number, to: number, seen: ReadonlySet<string>) {
    const open = await db
      .selectFrom('funding_deposits')
      .select(['id', 'tx_hash', 'log_index'])
      .where('chain', '=', chain)
      .where('status', '=', 0)
      .where('block_height', '>=', from)
      .where('block_height', '<=', to)
      .where('block_hash', '!=', '')
      .limit(10_000)
      .execute();
    const gone = open.filter((d) => !seen.has(`${d.tx_hash}:${d.log_index}`)).map((d) => d.id);
    if (gone.length === 0) return;
    await db
      .updateTable('funding_deposits')
      .set({ block_hash: '', confirmations: 0 })
      .where('id', 'in', gone)
      .execute();
  },

  /** Confirmations of the confirming deposits still in the chain; long-gone ones become dropped. */
  async recount(db: Db, chain: string, head: number, dropBelow: number) {
    await db
      .updateTable('funding_deposits')
      .set({ confirmations: sql<number>`${head} - block_height + 1` })
      .where('chain', '=', chain)
      .where('status', '=', 0)
      .where('block_hash', '!=', '')
      .execute();
    await db
      .updateTable('funding_deposits')
      .set({ status: 2 })
      .where('chain', '=', chain)
      .where('status', '=', 0)
      .where('block_hash', '=', '')
      .where('block_height', '<', dropBelow)
      .execute();
  },

  /** Confirming deposits with enough confirmations for their network. */
  async due(db: Db, chain: string): Promise<OpenDeposit[]> {
    return db
      .selectFrom('funding_deposits as d')
      .innerJoin('funding_networks as n', 'n.id', 'd.network_id')
      .innerJoin('funding_coins as c', 'c.currency_id', 'd.currency_id')
      .select([
        'd.id',
        'd.chain',
        'd.tx_hash',
        'd.user_id',
        'd.currency_id',
        'd.amount_minor',
        'd.confirmations',
      ])
      .select(['n.confirmations as required', 'c.min_deposit_minor'])
      .where('d.chain', '=', chain)
      .where('d.status', '=', 0)
      .where('d.block_hash', '!=', '')
      .whereRef('d.confirmations', '>=', 'n.confirmations')
      .orderBy('d.id')
      .limit(1000)
      .execute();
  },

  /** Closes a confirming deposit; false when another run closed it first. */
  async close(db: Db, id: number, status: 1 | 3 | 4, at: number): Promise<boolean> {
    const r = await db
      .updateTable('funding_deposits')
      .set({ status, credited_at: status === 1 ? at : null })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
