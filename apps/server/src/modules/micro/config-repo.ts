/**
 * SQL of the seconds options' terms: durations (`micro_seconds`), paying currencies (`micro_currencies`,
 * with the currency's name and scale from the catalog) and the per-market limits (`micro_limits`).
 */
import type { Insertable, Updateable } from 'kysely';
import type { MicroCurrenciesTable, MicroLimitsTable, MicroSecondsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
import { catalogRepo } from '../catalog/repo';

export interface SecondsRow {
  seconds: number;
  profit_ratio_bps: number;
  min_number: number;
  is_enabled: number;
  sort: number;
}
export interface CurrencyTermsRow {
  currency_id: number;
  name: string;
  scale: number;
  is_micro: number;
  fee_bps: number;
  min_number: number;
  max_number: number;
  max_open_orders: number;
  quick_numbers: number[];
  is_enabled: number;
}

/** More durations and paying currencies than the product offers. */
const SECONDS_MAX = 100;
const TERMS_MAX = 1000;

type TermsValues = Omit<Insertable<MicroCurrenciesTable>, 'currency_id'>;
type LimitsValues = Omit<Insertable<MicroLimitsTable>, 'market_id'>;

export const microConfigRepo = {
  async seconds(db: Db, onlyEnabled: boolean): Promise<SecondsRow[]> {
    let q = db.selectFrom('micro_seconds').selectAll();
    if (onlyEnabled) q = q.where('is_enabled', '=', 1);
    return q.orderBy('sort').orderBy('seconds').limit(SECONDS_MAX).execute();
  },
  async secondsOf(db: Db, seconds: number): Promise<SecondsRow | undefined> {
    return db.selectFrom('micro_seconds').selectAll().where('seconds', '=', seconds).executeTakeFirst();
  },
  /** The paying currencies' terms, in the currencies' order. */
  async currencies(db: Db): Promise<CurrencyTermsRow[]> {
    const [terms, currencies] = await Promise.all([
      db.selectFrom('micro_currencies').selectAll().limit(TERMS_MAX).execute(),
      catalogRepo.currencies(db),
    ]);
    const byId = new Map(terms.map((t) => [t.currency_id, t]));
    return currencies.flatMap((c) => {
      const m = byId.get(c.id);
      if (!m) return [];
      return [
        {
          currency_id: m.currency_id,
          name: c.name,
          scale: c.scale,
          is_micro: c.is_micro,
          fee_bps: m.fee_bps,
          min_number: m.min_number,
          max_number: m.max_number,
          max_open_orders: m.max_open_orders,
          quick_numbers: JSON.parse(m.quick_numbers) as number[],
          is_enabled: m.is_enabled,
        },
      ];
    });
  },
  /** Paying currencies a user may use now: enabled here and enabled for the micro wallet. */
  async payable(db: Db): Promise<CurrencyTermsRow[]> {
    return (await microConfigRepo.currencies(db)).filter((c) => c.is_enabled === 1 && c.is_micro === 1);
  },

  async insertSeconds(db: Db, row: Insertable<MicroSecondsTable>): Promise<void> {
    await db.insertInto('micro_seconds').values(row).execute();
  },

  async updateSeconds(db: Db, seconds: number, set: Updateable<MicroSecondsTable>): Promise<void> {
    await db.updateTable('micro_seconds').set(set).where('seconds', '=', seconds).execute();
  },

  termsCurrencyIds: async (db: Db): Promise<Set<number>> =>
    new Set(
      (await db.selectFrom('micro_currencies').select('currency_id').execute()).map((r) => r.currency_id),
    ),

  async insertTerms(db: Db, row: Insertable<MicroCurrenciesTable>): Promise<void> {
    await db.insertInto('micro_currencies').values(row).execute();
  },

  async saveTerms(db: Db, currencyId: number, values: TermsValues): Promise<void> {
    await db
      .insertInto('micro_currencies')
      .values({ currency_id: currencyId, ...values })
      .onConflict((oc) => oc.column('currency_id').doUpdateSet(values))
      .execute();
  },

  limits: (db: Db, marketId: number) =>
    db.selectFrom('micro_limits').selectAll().where('market_id', '=', marketId).executeTakeFirst(),

  async saveLimits(db: Db, marketId: number, values: LimitsValues): Promise<void> {
    await db
      .insertInto('micro_limits')
      .values({ market_id: marketId, ...values })
      .onConflict((oc) => oc.column('market_id').doUpdateSet(values))
      .execute();
  },
};
