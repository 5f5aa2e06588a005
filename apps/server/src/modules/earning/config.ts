/**
 * The deposit-earning seed: the products and currencies an exchange starts with (inserted when missing,
 * never overwritten: operators edit the tables). Rates are interest over the whole term.
 */
import { parseDecimal } from '@oryx/contracts/money';
import type { Seeder } from '../module';

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
    await db
      .insertInto('earning_products')
      .values({ ...p, is_open: 1 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  const known = new Set((await db.selectFrom('currencies').select('id').execute()).map((c) => c.id));
  for (const [currencyId, min] of SEED_CURRENCIES) {
    if (!known.has(currencyId)) continue;
    await db
      .insertInto('earning_currencies')
      .values({ currency_id: currencyId, min_minor: parseDecimal(min, 8), is_open: 1 })
      .onConflict((oc) => oc.column('currency_id').doNothing())
      .execute();
  }
};
