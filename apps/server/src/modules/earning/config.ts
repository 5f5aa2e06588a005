/**
 * The deposit-earning seed: the products and currencies an exchange starts with (inserted when missing,
 * never overwritten: operators edit the tables). Rates are interest over the whole term.
 */
import { parseDecimal } from '@oryx/contracts/money';
import type { Seeder } from '../module';
import { catalogRepo } from '../catalog/repo';
import { earningRepo } from './repo';

export const PAYOUT_JOB = 'earning.payout';
export const LEDGER_REF_TYPE = 'earning_record';

export const SEED_PRODUCTS = [
  { id: 1, day: 7, rate_bps: 10, sort: 1 },
  { id: 2, day: 30, rate_bps: 60, sort: 2 },
  { id: 3, day: 90, rate_bps: 200, sort: 3 },
];

/** Currency id and smallest deposit (decimal, at the currency's scale 8). */
export const SEED_CURRENCIES: [number, string][] = [
  [1, '10'],
  [2, '0.001'],
  [3, '0.01'],
];

export const seedEarning: Seeder = async (db) => {
  for (const p of SEED_PRODUCTS) {
    await earningRepo.insertProduct(db, { ...p, is_open: 1 }, true);
  }
  const known = new Set((await catalogRepo.currencies(db)).map((c) => c.id));
  for (const [currencyId, min] of SEED_CURRENCIES) {
    if (!known.has(currencyId)) continue;
    await earningRepo.seedCurrency(db, currencyId, parseDecimal(min, 8));
  }
};
