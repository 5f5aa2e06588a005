/**
 * SQL of a user's payment details: the bank card (`user_banks`) and the C2C collection accounts
 * (`user_cash_info`), each with a waiting version during the cool-off (`*_pending`).
 */
import type { Db } from '../../db/connection';

/** A bank card as bound (`user_banks`). */
export interface BankCard {
  receive_name: string;
  receive_account: string;
  bank_code: string;
  bank_name: string;
}

/** The C2C collection accounts as bound (`user_cash_info`). */
export interface PaymentDetails {
  real_name: string;
  bank_name: string;
  bank_account: string;
  alipay_account: string;
  wechat_nickname: string;
  wechat_account: string;
  alipay_collect: string;
  wechat_collect: string;
}

export const paymentDetailsRepo = {
  /** Sets the card in effect (made on first use). */
  async putBank(db: Db, userId: number, card: BankCard, at: number): Promise<void> {
    const updated = await db
      .updateTable('user_banks')
      .set({ ...card, updated_at: at })
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await db
        .insertInto('user_banks')
        .values({ user_id: userId, ...card, created_at: at, updated_at: at })
        .execute();
    }
  },

  /** Sets the details in effect (made on first use). */
  async putCash(db: Db, userId: number, details: PaymentDetails, at: number): Promise<void> {
    const updated = await db
      .updateTable('user_cash_info')
      .set({ ...details, updated_at: at })
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await db
        .insertInto('user_cash_info')
        .values({ user_id: userId, ...details, updated_at: at })
        .execute();
    }
  },

  bank: (db: Db, userId: number) =>
    db.selectFrom('user_banks').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  cash: (db: Db, userId: number) =>
    db.selectFrom('user_cash_info').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  async dropBank(db: Db, userId: number): Promise<void> {
    await db.deleteFrom('user_banks').where('user_id', '=', userId).execute();
  },

  /** The waiting card, when its time has come by `dueBy` (or any time without it). */
  pendingBank: (db: Db, userId: number, dueBy?: number) => {
    let q = db.selectFrom('user_banks_pending').selectAll().where('user_id', '=', userId);
    if (dueBy !== undefined) q = q.where('usable_at', '<=', dueBy);
    return q.executeTakeFirst();
  },

  pendingCash: (db: Db, userId: number, dueBy?: number) => {
    let q = db.selectFrom('user_cash_info_pending').selectAll().where('user_id', '=', userId);
    if (dueBy !== undefined) q = q.where('usable_at', '<=', dueBy);
    return q.executeTakeFirst();
  },

  async putPendingBank(db: Db, userId: number, card: BankCard, now: number, usableAt: number): Promise<void> {
    await db
      .insertInto('user_banks_pending')
      .values({ user_id: userId, ...card, created_at: now, usable_at: usableAt })
      .execute();
  },

  async putPendingCash(
    db: Db,
    userId: number,
    d: PaymentDetails,
    now: number,
    usableAt: number,
  ): Promise<void> {
    await db
      .insertInto('user_cash_info_pending')
      .values({ user_id: userId, ...d, created_at: now, usable_at: usableAt })
      .execute();
  },

  async dropPendingBank(db: Db, userId: number): Promise<void> {
    await db.deleteFrom('user_banks_pending').where('user_id', '=', userId).execute();
  },

  async dropPendingCash(db: Db, userId: number): Promise<void> {
    await db.deleteFrom('user_cash_info_pending').where('user_id', '=', userId).execute();
  },
};
