/** SQL of the coin exchange: its record of each exchange (`coin_exchanges`). */
import type { Insertable } from 'kysely';
import type { CoinExchangesTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

export const exchangeRepo = {
  async insert(db: Db, row: Insertable<CoinExchangesTable>): Promise<number> {
    return (await db.insertInto('coin_exchanges').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },
};
