/**
 * SQL of rupiah funding: deposit orders (`funding_pay_orders`), the provider's notices kept once
 * (`funding_pay_notices`) and payouts (`funding_pay_payouts`); and the bank card a payout goes to.
 */
import type { Insertable } from 'kysely';
import type { FundingPayNoticesTable, FundingPayOrdersTable, FundingPayPayoutsTable } from '@oryx/db/schema';
import type { Db } from '../../../db/connection';

/** Payouts one retry run asks the provider about; the next run takes the rest. */
const RETRIES_PER_RUN = 100;

export const payRepo = {
  async insertOrder(db: Db, row: Insertable<FundingPayOrdersTable>): Promise<number> {
    return (await db.insertInto('funding_pay_orders').values(row).returning('id').executeTakeFirstOrThrow())
      .id;
  },

  order: (db: Db, id: number) =>
    db.selectFrom('funding_pay_orders').selectAll().where('id', '=', id).executeTakeFirst(),

  async setOrderProviderRef(db: Db, id: number, providerRef: string): Promise<void> {
    await db
      .updateTable('funding_pay_orders')
      .set({ provider_ref: providerRef })
      .where('id', '=', id)
      .execute();
  },

  /** Names the bank of an online-banking order that has none yet. */
  async setOrderBankOnce(db: Db, id: number, bankCode: string): Promise<void> {
    await db
      .updateTable('funding_pay_orders')
      .set({ bank_code: bankCode })
      .where('id', '=', id)
      .where('bank_code', '=', '')
      .execute();
  },

  /** Closes an open order as paid (at `paidAt`) or failed; false when it was closed already. */
  async closeOrder(db: Db, id: number, isPaid: boolean, at: number): Promise<boolean> {
    const r = await db
      .updateTable('funding_pay_orders')
      .set({ status: isPaid ? 1 : 2, paid_at: isPaid ? at : null })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async isNoticeSeen(db: Db, provider: string, noticeId: string): Promise<boolean> {
    const row = await db
      .selectFrom('funding_pay_notices')
      .select('id')
      .where('provider', '=', provider)
      .where('notice_id', '=', noticeId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async insertNotice(db: Db, row: Insertable<FundingPayNoticesTable>): Promise<void> {
    await db.insertInto('funding_pay_notices').values(row).execute();
  },

  bankCard: (db: Db, userId: number) =>
    db.selectFrom('user_banks').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  async insertPayout(db: Db, row: Insertable<FundingPayPayoutsTable>): Promise<number> {
    return (await db.insertInto('funding_pay_payouts').values(row).returning('id').executeTakeFirstOrThrow())
      .id;
  },

  payout: (db: Db, id: number) =>
    db.selectFrom('funding_pay_payouts').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Moves a payout from `from` to `set.status`; false when it was not in `from`. */
  async movePayoutFrom(
    db: Db,
    id: number,
    from: number,
    set: { status: number; provider_ref?: string; notes?: string; finished_at?: number },
  ): Promise<boolean> {
    const r = await db
      .updateTable('funding_pay_payouts')
      .set(set)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Payouts in one status, oldest first (or newest first), at most `limit`. */
  payoutsInStatus: (db: Db, status: number, isOldestFirst: boolean, limit: number) =>
    db
      .selectFrom('funding_pay_payouts')
      .selectAll()
      .where('status', '=', status)
      .orderBy('id', isOldestFirst ? 'asc' : 'desc')
      .limit(limit)
      .execute(),

  /** Sending payouts of one provider older than `before`, to ask the provider about again. */
  payoutsToRetry: (db: Db, provider: string, before: number) =>
    db
      .selectFrom('funding_pay_payouts')
      .selectAll()
      .where('status', '=', 1)
      .where('provider', '=', provider)
      .where('created_at', '<=', before)
      .orderBy('id')
      .limit(RETRIES_PER_RUN)
      .execute(),
};
