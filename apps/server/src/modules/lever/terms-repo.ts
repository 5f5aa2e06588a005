/**
 * SQL of leverage terms: each market's terms (`lever_markets`) and the operators' requests to change
 * them (`lever_terms_requests`). The markets' names, scales and switches come from the catalog.
 */
import type { Insertable, Selectable } from 'kysely';
import type { LeverMarketsTable, LeverTermsRequestsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

/** More lever markets than the exchange lists. */
const LEVER_MARKETS_MAX = 10_000;

type TermsRow = Selectable<LeverMarketsTable>;
type TermsValues = Omit<Insertable<LeverMarketsTable>, 'market_id'>;

export const leverTermsRepo = {
  /** Every market's terms (or one market's), by market id. */
  async terms(db: Db, marketId?: number): Promise<Map<number, TermsRow>> {
    let q = db.selectFrom('lever_markets').selectAll();
    if (marketId !== undefined) q = q.where('market_id', '=', marketId);
    const rows = await q.limit(LEVER_MARKETS_MAX).execute();
    return new Map(rows.map((r) => [r.market_id, r]));
  },

  marketIds: async (db: Db): Promise<Set<number>> =>
    new Set((await db.selectFrom('lever_markets').select('market_id').execute()).map((r) => r.market_id)),

  async insertTerms(db: Db, marketId: number, values: TermsValues): Promise<void> {
    await db
      .insertInto('lever_markets')
      .values({ market_id: marketId, ...values })
      .execute();
  },

  async saveTerms(db: Db, marketId: number, values: TermsValues): Promise<void> {
    await db
      .insertInto('lever_markets')
      .values({ market_id: marketId, ...values })
      .onConflict((oc) => oc.column('market_id').doUpdateSet(values))
      .execute();
  },

  insertRequest: (db: Db, row: Insertable<LeverTermsRequestsTable>) =>
    db.insertInto('lever_terms_requests').values(row).returningAll().executeTakeFirstOrThrow(),

  request: (db: Db, id: number) =>
    db.selectFrom('lever_terms_requests').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Decides a pending request; undefined when it is no longer pending. */
  decideRequest: (db: Db, id: number, status: 'approved' | 'rejected', actorId: number, now: number) =>
    db
      .updateTable('lever_terms_requests')
      .set({ status, decided_by: actorId, decided_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst(),

  /** The pending requests (`isPending`) or the decided ones, newest first, at most `max`. */
  requests: (db: Db, isPending: boolean, max: number) =>
    db
      .selectFrom('lever_terms_requests')
      .selectAll()
      .where('status', isPending ? '=' : '!=', 'pending')
      .orderBy('id', 'desc')
      .limit(max)
      .execute(),
};
