/**
 * SQL of the coins' funding terms (`funding_coins`) and the networks each coin moves on
 * (`funding_networks`). The currency's name and scale come from the catalog.
 */
import type { Insertable, Updateable } from 'kysely';
import type { FundingCoinsTable, FundingNetworksTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

/** More networks than one coin or chain has: a bound on each network list. */
const NETWORKS_PER_COIN_MAX = 100;
const NETWORKS_MAX = 1000;
/** More coins than the exchange lists. */
const COINS_MAX = 1000;

export const fundingConfigRepo = {
  coin: (db: Db, currencyId: number) =>
    db.selectFrom('funding_coins').selectAll().where('currency_id', '=', currencyId).executeTakeFirst(),

  coins: (db: Db) => db.selectFrom('funding_coins').selectAll().limit(COINS_MAX).execute(),

  /** The currency's enabled networks in display order. */
  networks: (db: Db, currencyId: number) =>
    db
      .selectFrom('funding_networks')
      .selectAll()
      .where('currency_id', '=', currencyId)
      .where('is_enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .limit(NETWORKS_PER_COIN_MAX)
      .execute(),

  network: (db: Db, id: number) =>
    db.selectFrom('funding_networks').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Every enabled network of one chain (what its scanner watches). */
  networksOnChain: (db: Db, chain: string) =>
    db
      .selectFrom('funding_networks')
      .selectAll()
      .where('chain', '=', chain)
      .where('is_enabled', '=', 1)
      .orderBy('id')
      .limit(NETWORKS_MAX)
      .execute(),

  /** The network of an asset on a chain (enabled or not). */
  networkOfAsset: (db: Db, chain: string, asset: string) =>
    db
      .selectFrom('funding_networks')
      .select('currency_id')
      .where('chain', '=', chain)
      .where('contract_address', '=', asset)
      .executeTakeFirst(),

  /** Every network, enabled or not, in display order (the operator's list). */
  allNetworks: (db: Db) =>
    db.selectFrom('funding_networks').selectAll().orderBy('sort').orderBy('id').limit(NETWORKS_MAX).execute(),

  /** The enabled networks of every coin in display order (wallet rows). */
  enabledNetworks: (db: Db) =>
    db
      .selectFrom('funding_networks')
      .select(['currency_id', 'type', 'contract_address'])
      .where('is_enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .limit(NETWORKS_MAX)
      .execute(),

  /** Enabled networks named `lowerName` (any case) or of that type (at most 100). */
  enabledNetworksNamed: (db: Db, lowerName: string) =>
    db
      .selectFrom('funding_networks')
      .selectAll()
      .where('is_enabled', '=', 1)
      .where((eb) => eb.or([eb(eb.fn('lower', ['name']), '=', lowerName), eb('type', '=', lowerName)]))
      .limit(NETWORKS_PER_COIN_MAX)
      .execute(),

  /** The chains with an enabled network. */
  enabledChains: async (db: Db): Promise<string[]> =>
    (
      await db.selectFrom('funding_networks').select('chain').distinct().where('is_enabled', '=', 1).execute()
    ).map((r) => r.chain),

  coinIds: async (db: Db): Promise<Set<number>> =>
    new Set((await db.selectFrom('funding_coins').select('currency_id').execute()).map((r) => r.currency_id)),

  networkIds: async (db: Db): Promise<Set<number>> =>
    new Set((await db.selectFrom('funding_networks').select('id').execute()).map((r) => r.id)),

  async insertCoin(db: Db, row: Insertable<FundingCoinsTable>): Promise<void> {
    await db.insertInto('funding_coins').values(row).execute();
  },

  async insertNetwork(db: Db, row: Insertable<FundingNetworksTable>): Promise<void> {
    await db.insertInto('funding_networks').values(row).execute();
  },

  async updateCoin(db: Db, currencyId: number, set: Updateable<FundingCoinsTable>): Promise<void> {
    await db.updateTable('funding_coins').set(set).where('currency_id', '=', currencyId).execute();
  },

  async updateNetwork(db: Db, id: number, set: Updateable<FundingNetworksTable>): Promise<void> {
    await db.updateTable('funding_networks').set(set).where('id', '=', id).execute();
  },
};
