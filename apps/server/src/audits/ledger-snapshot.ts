import type { Db } from '../db/connection';

/** Every ledger account's balances and the number of ledger entries: equal snapshots = no money moved. */
export async function ledgerSnapshot(db: Db): Promise<string> {
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'available_minor', 'frozen_minor'])
    .orderBy('id')
    .execute();
  const entries = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return JSON.stringify({
    entries: String(entries.n),
    accounts: accounts.map((a) => `${a.id}:${a.available_minor}:${a.frozen_minor}`),
  });
}
