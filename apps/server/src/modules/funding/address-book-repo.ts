/** SQL of the withdrawal address book (`funding_withdraw_addresses`). */
import type { Insertable } from 'kysely';
import type { FundingWithdrawAddressesTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

/** Addresses one user keeps for one coin, at most (the list shows them all). */
const ADDRESSES_LISTED = 200;

export const addressBookRepo = {
  /** A user's addresses for a coin with their network's name and type, in the order bound. */
  listed: (db: Db, userId: number, currencyId: number) =>
    db
      .selectFrom('funding_withdraw_addresses as a')
      .innerJoin('funding_networks as n', 'n.id', 'a.network_id')
      .selectAll('a')
      .select(['n.name as network', 'n.type'])
      .where('a.user_id', '=', userId)
      .where('a.currency_id', '=', currencyId)
      .orderBy('a.id')
      .limit(ADDRESSES_LISTED)
      .execute(),

  async insert(db: Db, row: Insertable<FundingWithdrawAddressesTable>): Promise<number> {
    return (
      await db.insertInto('funding_withdraw_addresses').values(row).returning('id').executeTakeFirstOrThrow()
    ).id;
  },

  /** Deletes one of the user's addresses; false when the user has no such address. */
  async remove(db: Db, userId: number, id: number): Promise<boolean> {
    const r = await db
      .deleteFrom('funding_withdraw_addresses')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  },

  /** When each binding of this destination becomes usable. */
  usableTimes: (db: Db, userId: number, networkId: number, address: string, memo: string) =>
    db
      .selectFrom('funding_withdraw_addresses')
      .select('usable_at')
      .where('user_id', '=', userId)
      .where('network_id', '=', networkId)
      .where('address', '=', address)
      .where('memo', '=', memo)
      .execute(),
};
