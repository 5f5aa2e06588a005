/** SQL of the mark's settings per market (`mark_config`) and of the marks recorded (`mark_prices`). */
import type { Insertable } from 'kysely';
import type { MarkConfigTable, MarkPricesTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

type ConfigValues = Omit<Insertable<MarkConfigTable>, 'market_id'>;

export const markConfigRepo = {
  config: (db: Db, marketId: number) =>
    db.selectFrom('mark_config').selectAll().where('market_id', '=', marketId).executeTakeFirst(),

  async saveConfig(db: Db, marketId: number, values: ConfigValues): Promise<void> {
    await db
      .insertInto('mark_config')
      .values({ market_id: marketId, ...values })
      .onConflict((oc) => oc.column('market_id').doUpdateSet(values))
      .execute();
  },

  markAtMs: (db: Db, marketId: number, atMs: number) =>
    db
      .selectFrom('mark_prices')
      .select(['id', 'price_minor'])
      .where('market_id', '=', marketId)
      .where('at_ms', '=', atMs)
      .executeTakeFirst(),

  /** Records a mark unless one of that market and moment exists (then undefined). */
  insertMarkOnce: (db: Db, row: Insertable<MarkPricesTable>) =>
    db
      .insertInto('mark_prices')
      .values(row)
      .onConflict((oc) => oc.columns(['market_id', 'at_ms']).doNothing())
      .returning(['id', 'price_minor'])
      .executeTakeFirst(),

  markById: (db: Db, id: number) =>
    db.selectFrom('mark_prices').selectAll().where('id', '=', id).executeTakeFirst(),
};
