/**
 * Deposit and withdrawal terms per currency and the networks each currency moves on. Seeded when missing
 * (db/seed/funding.ts), never overwritten. Reads return the rows the rules need; the wire shapes are
 * built in service.ts.
 */
import { parseDecimal } from '@oryx/contracts/money';
import { FUNDING_COINS } from '@oryx/db/seed/funding';
import type { Db } from '../../db/connection';

export interface CoinTerms {
  currency_id: number;
  name: string;
  scale: number;
  make_wallet: number;
  is_show: number;
  deposit_open: number;
  withdraw_open: number;
  min_deposit_minor: bigint;
  min_withdraw_minor: bigint;
  max_withdraw_minor: bigint;
  withdraw_fee_minor: bigint;
  approval_above_minor: bigint;
}

export interface Network {
  id: number;
  currency_id: number;
  type: string;
  name: string;
  chain: string;
  contract_address: string;
  confirmations: number;
  min_withdraw_minor: bigint;
  fee_rate_bps: number;
  is_enabled: number;
  sort: number;
}

export const fundingConfig = {
  async coin(db: Db, currencyId: number): Promise<CoinTerms | undefined> {
    return db
      .selectFrom('funding_coins as f')
      .innerJoin('currencies as c', 'c.id', 'f.currency_id')
      .selectAll('f')
      .select(['c.name', 'c.scale'])
      .where('f.currency_id', '=', currencyId)
      .executeTakeFirst();
  },
  /** The currency's enabled networks in display order. */
  async networks(db: Db, currencyId: number): Promise<Network[]> {
    return db
      .selectFrom('funding_networks')
      .selectAll()
      .where('currency_id', '=', currencyId)
      .where('is_enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .limit(100)
      .execute();
  },
  async network(db: Db, id: number): Promise<Network | undefined> {
    return db.selectFrom('funding_networks').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** Every enabled network of one chain (what its scanner watches). */
  async networksOnChain(db: Db, chain: string): Promise<Network[]> {
    return db
      .selectFrom('funding_networks')
      .selectAll()
      .where('chain', '=', chain)
      .where('is_enabled', '=', 1)
      .orderBy('id')
      .limit(1000)
      .execute();
  },
};

/** Inserts the demo coins' terms and networks that are missing; never changes an existing row. */
export async function seedFundingConfig(db: Db): Promise<void> {
  const currencies = new Map(
    (await db.selectFrom('currencies').select(['id', 'scale']).execute()).map((c) => [c.id, c.scale]),
  );
  const haveCoins = new Set(
    (await db.selectFrom('funding_coins').select('currency_id').execute()).map((r) => r.currency_id),
  );
  const haveNets = new Set((await db.selectFrom('funding_networks').select('id').execute()).map((r) => r.id));
  for (const c of FUNDING_COINS) {
    const scale = currencies.get(c.currency_id);
    if (scale === undefined) continue;
    const minor = (s: string) => parseDecimal(s, scale, { allowZero: true });
    if (!haveCoins.has(c.currency_id)) {
      await db
        .insertInto('funding_coins')
        .values({
          currency_id: c.currency_id,
          make_wallet: c.make_wallet,
          is_show: c.is_show,
          deposit_open: 1,
          withdraw_open: 1,
          min_deposit_minor: minor(c.min_deposit),
          min_withdraw_minor: minor(c.min_withdraw),
          max_withdraw_minor: minor(c.max_withdraw),
          withdraw_fee_minor: minor(c.withdraw_fee),
          approval_above_minor: minor(c.approval_above),
        })
        .execute();
    }
    for (const [i, n] of c.networks.entries()) {
      if (haveNets.has(n.id)) continue;
      const { min_withdraw, rate, ...rest } = n;
      await db
        .insertInto('funding_networks')
        .values({
          ...rest,
          currency_id: c.currency_id,
          min_withdraw_minor: minor(min_withdraw),
          fee_rate_bps: Number(parseDecimal(rate, 2, { allowZero: true })),
          is_enabled: 1,
          sort: (i + 1) * 10,
        })
        .execute();
    }
  }
}
