/**
 * SQL of the EVM sweeps and the hot wallet's reconciliation (evm-sweeps.ts, evm-reconcile.ts): tables
 * `funding_evm_sweeps`, `funding_evm_sweep_txs`, `funding_evm_reconciliations`.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type {
  FundingEvmReconciliationsTable,
  FundingEvmSweepTxsTable,
  FundingEvmSweepsTable,
} from '@oryx/db/schema';
import type { Db } from '../../db/connection';

export type SweepRow = Selectable<FundingEvmSweepsTable>;
export type SweepTxRow = Selectable<FundingEvmSweepTxsTable>;
export type ReconciliationRow = Selectable<FundingEvmReconciliationsTable>;

/** The states of a sweep still at work. */
export const OPEN_SWEEP_STATES = ['new', 'topup', 'transfer'] as const;

export const evmSweepsRepo = {
  /**
   * Deposit addresses of a network whose credited deposits since their last sweep (failed ones aside)
   * add up to at least `thresholdMinor`: the addresses worth a sweep, oldest deposits first.
   */
  candidates: (
    db: Db,
    chain: string,
    networkId: number,
    asset: string,
    thresholdMinor: bigint,
    limit: number,
  ) =>
    db
      .selectFrom('funding_deposits as d')
      .select((eb) => [
        'd.address',
        eb.fn.max('d.user_id').as('user_id'),
        eb.fn.max('d.id').as('last_id'),
        eb.fn.sum<bigint>('d.amount_minor').as('unswept_minor'),
      ])
      .where('d.chain', '=', chain)
      .where('d.network_id', '=', networkId)
      .where('d.status', '=', 1)
      .where(({ eb, selectFrom }) =>
        eb(
          'd.id',
          '>',
          selectFrom('funding_evm_sweeps as s')
            .select((e) => e.fn.coalesce(e.fn.max('s.through_deposit_id'), sql<number>`0`).as('w'))
            .where('s.chain', '=', chain)
            .whereRef('s.address', '=', 'd.address')
            .where('s.asset', '=', asset)
            .where('s.state', '<>', 'failed'),
        ),
      )
      .groupBy('d.address')
      .having((eb) => eb(eb.fn.sum('d.amount_minor'), '>=', thresholdMinor))
      .orderBy((eb) => eb.fn.min('d.id'))
      .limit(limit)
      .execute(),

  /** A new sweep, unless one is open for the address and asset already (then undefined). */
  insertSweep: (db: Db, row: Insertable<FundingEvmSweepsTable>) =>
    db
      .insertInto('funding_evm_sweeps')
      .values(row)
      .onConflict((oc) => oc.column('open_key').doNothing())
      .returning('id')
      .executeTakeFirst(),

  openSweeps: (db: Db, chain: string, limit: number) =>
    db
      .selectFrom('funding_evm_sweeps')
      .selectAll()
      .where('chain', '=', chain)
      .where('state', 'in', OPEN_SWEEP_STATES)
      .orderBy('id')
      .limit(limit)
      .execute(),

  /** The oldest open sweep of an address (its sweeps go one at a time: they share its nonces and gas). */
  firstOpenAt: (db: Db, chain: string, address: string) =>
    db
      .selectFrom('funding_evm_sweeps')
      .select('id')
      .where('chain', '=', chain)
      .where('address', '=', address)
      .where('state', 'in', OPEN_SWEEP_STATES)
      .orderBy('id')
      .executeTakeFirst(),

  sweep: (db: Db, id: number) =>
    db.selectFrom('funding_evm_sweeps').selectAll().where('id', '=', id).executeTakeFirst(),

  sweepsOf: (db: Db, chain: string, limit: number) =>
    db
      .selectFrom('funding_evm_sweeps')
      .selectAll()
      .where('chain', '=', chain)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),

  /** Moves a sweep from state `from` (false when another worker moved it first). */
  async move(
    db: Db,
    id: number,
    from: string,
    set: {
      state: string;
      updated_at: number;
      amount_minor?: bigint;
      topup_minor?: bigint;
      gas_minor?: bigint;
      last_error?: string;
    },
  ): Promise<boolean> {
    const closed = set.state === 'done' || set.state === 'failed';
    const r = await db
      .updateTable('funding_evm_sweeps')
      .set({ ...set, ...(closed ? { open_key: null } : {}) })
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  },

  /** A failed step: counted and kept for the operator, tried again on the next run. */
  async noteError(db: Db, id: number, error: string, at: number): Promise<void> {
    await db
      .updateTable('funding_evm_sweeps')
      .set({ attempts: sql<number>`attempts + 1`, last_error: error.slice(0, 500), updated_at: at })
      .where('id', '=', id)
      .execute();
  },

  /** The versions of a sweep's transaction of `kind`, first first. */
  txs: (db: Db, sweepId: number, kind: string) =>
    db
      .selectFrom('funding_evm_sweep_txs')
      .selectAll()
      .where('sweep_id', '=', sweepId)
      .where('kind', '=', kind)
      .orderBy('version')
      .execute(),

  /** Keeps a signed transaction (the primary key refuses a second version of the same number). */
  async insertTx(db: Db, row: Insertable<FundingEvmSweepTxsTable>): Promise<void> {
    await db.insertInto('funding_evm_sweep_txs').values(row).execute();
  },

  async insertReconciliation(db: Db, row: Insertable<FundingEvmReconciliationsTable>): Promise<void> {
    await db.insertInto('funding_evm_reconciliations').values(row).execute();
  },

  /** The latest reconciliation of each currency of a chain. */
  latestReconciliations: (db: Db, chain: string) =>
    db
      .selectFrom('funding_evm_reconciliations as r')
      .selectAll('r')
      .where('r.chain', '=', chain)
      .where(({ eb, selectFrom }) =>
        eb(
          'r.id',
          '=',
          selectFrom('funding_evm_reconciliations as l')
            .select((e) => e.fn.max('l.id').as('m'))
            .whereRef('l.chain', '=', 'r.chain')
            .whereRef('l.currency_id', '=', 'r.currency_id'),
        ),
      )
      .orderBy('r.currency_id')
      .limit(100)
      .execute(),
};
