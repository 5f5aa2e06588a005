/**
 * Deposit and withdrawal terms per currency and the networks each currency moves on. Seeded when missing
 * (db/seed/funding.ts), never overwritten. Reads return the rows the rules need; the wire shapes are
 * built in service.ts.
 */
import { parseDecimal } from '@oryx/contracts/money';
import { FUNDING_COINS } from '@oryx/db/seed/funding';
import type { Db } from '../../db/connection';
import { catalogRepo } from '../catalog/repo';
import { fundingConfigRepo } from './config-repo';

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
  /** A coin's terms with its currency's name and scale (none when either is missing). */
  async coin(db: Db, currencyId: number): Promise<CoinTerms | undefined> {
    const [coin, currency] = await Promise.all([
      fundingConfigRepo.coin(db, currencyId),
      catalogRepo.currency(db, currencyId),
    ]);
    return coin && currency ? { ...coin, name: currency.name, scale: currency.scale } : undefined;
  },
  /** The currency's enabled networks in display order. */
  networks: (db: Db, currencyId: number): Promise<Network[]> => fundingConfigRepo.networks(db, currencyId),
  network: (db: Db, id: number): Promise<Network | undefined> => fundingConfigRepo.network(db, id),
  /** Every enabled network of one chain (what its scanner watches). */
  networksOnChain: (db: Db, chain: string): Promise<Network[]> =>
    fundingConfigRepo.networksOnChain(db, chain),
};

/** Inserts the demo coins' terms and networks that are missing; never changes an existing row. */
export async function seedFundingConfig(db: Db): Promise<void> {
  const currencies = new Map((await catalogRepo.currencies(db)).map((c) => [c.id, c.scale]));
  const haveCoins = await fundingConfigRepo.coinIds(db);
  const haveNets = await fundingConfigRepo.networkIds(db);
  for (const c of FUNDING_COINS) {
    const scale = currencies.get(c.currency_id);
    if (scale === undefined) continue;
    const minor = (s: string) => parseDecimal(s, scale, { allowZero: true });
    if (!haveCoins.has(c.currency_id)) {
      await fundingConfigRepo.insertCoin(db, {
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
      });
    }
    for (const [i, n] of c.networks.entries()) {
      if (haveNets.has(n.id)) continue;
      const { min_withdraw, rate, ...rest } = n;
      await fundingConfigRepo.insertNetwork(db, {
        ...rest,
        currency_id: c.currency_id,
        min_withdraw_minor: minor(min_withdraw),
        fee_rate_bps: Number(parseDecimal(rate, 2, { allowZero: true })),
        is_enabled: 1,
        sort: (i + 1) * 10,
      });
    }
  }
}
