/** SQL of coin withdrawals (`funding_withdrawals`): their rows and states, and what review weighs. */
import type { Insertable } from 'kysely';
import type { FundingWithdrawalsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

/** Withdrawals one sending run looks at, oldest first; the next run takes the rest. */
const SENDING_PER_RUN = 500;

export const withdrawalsRepo = {
  /** The network types on which the user keeps this address in their address book (at most 2 told). */
  bookedNetworkTypes: (db: Db, userId: number, currencyId: number, address: string) =>
    db
      .selectFrom('funding_withdraw_addresses as a')
      .innerJoin('funding_networks as n', 'n.id', 'a.network_id')
      .select('n.type')
      .distinct()
      .where('a.user_id', '=', userId)
      .where('a.currency_id', '=', currencyId)
      .where('a.address', '=', address)
      .where('n.is_enabled', '=', 1)
      .limit(2)
      .execute(),

  async insert(db: Db, row: Insertable<FundingWithdrawalsTable>): Promise<number> {
    return (await db.insertInto('funding_withdrawals').values(row).returning('id').executeTakeFirstOrThrow())
      .id;
  },

  byId: (db: Db, id: number) =>
    db.selectFrom('funding_withdrawals').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Moves a withdrawal from `from` to `set.status`; false when it was not in `from`. */
  async moveFrom(
    db: Db,
    id: number,
    from: number,
    set: { status: number; notes?: string; finished_at?: number },
  ): Promise<boolean> {
    const r = await db
      .updateTable('funding_withdrawals')
      .set(set)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The withdrawals in `status` with what sending needs of their network, oldest first. */
  inStatusWithNetwork: (db: Db, status: number) =>
    db
      .selectFrom('funding_withdrawals as w')
      .innerJoin('funding_networks as n', 'n.id', 'w.network_id')
      .selectAll('w')
      .select(['n.contract_address', 'n.confirmations'])
      .where('w.status', '=', status)
      .orderBy('w.id')
      .limit(SENDING_PER_RUN)
      .execute(),

  async setTxHash(db: Db, id: number, txHash: string): Promise<void> {
    await db.updateTable('funding_withdrawals').set({ tx_hash: txHash }).where('id', '=', id).execute();
  },

  /** Per currency, what a user withdrew since `since` in the live statuses, coins and rupiah together. */
  async withdrawnSince(db: Db, userId: number, since: number, statuses: readonly number[]) {
    const [coins, payouts] = await Promise.all([
      db
        .selectFrom('funding_withdrawals')
        .select(['currency_id', (eb) => eb.fn.sum<bigint>('amount_minor').as('total_minor')])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('status', 'in', [...statuses])
        .groupBy('currency_id')
        .execute(),
      db
        .selectFrom('funding_pay_payouts')
        .select(['currency_id', (eb) => eb.fn.sum<bigint>('amount_minor').as('total_minor')])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('status', 'in', [...statuses])
        .groupBy('currency_id')
        .execute(),
    ]);
    return [...coins, ...payouts];
  },
};
