/**
 * SQL of the team area: the commission levels, the commissions paid (one row per fee entry and level)
 * and the fee-feed watermarks (`earn_watermarks`, shared with the JC points accrual).
 */
import type { Insertable } from 'kysely';
import type { TeamCommissionsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
import { pagedQuery, type PageAt } from '../../lib/paging';
import { IDS_PER_QUERY } from '../users/tree-repo';

export const teamRepo = {
  watermark: async (db: Db, name: string): Promise<number> =>
    (
      await db
        .selectFrom('earn_watermarks')
        .select('last_entry_id')
        .where('name', '=', name)
        .executeTakeFirst()
    )?.last_entry_id ?? 0,

  async setWatermark(db: Db, name: string, lastEntryId: number, at: number): Promise<void> {
    await db
      .insertInto('earn_watermarks')
      .values({ name, last_entry_id: lastEntryId, updated_at: at })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_entry_id: lastEntryId, updated_at: at }))
      .execute();
  },

  /** Adds a level when it is missing (operators edit the table). */
  async seedLevel(db: Db, level: { level: number; share_bps: number }): Promise<void> {
    await db
      .insertInto('team_commission_levels')
      .values(level)
      .onConflict((oc) => oc.column('level').doNothing())
      .execute();
  },

  levels: (db: Db) => db.selectFrom('team_commission_levels').selectAll().orderBy('level').execute(),

  deepestLevel: async (db: Db): Promise<number | null> => {
    const r = await db
      .selectFrom('team_commission_levels')
      .select((eb) => eb.fn.max('level').as('n'))
      .executeTakeFirst();
    return r?.n ?? null;
  },

  /** Records one commission once; undefined when this (fee entry, level) was already paid. */
  async insertCommission(db: Db, row: Insertable<TeamCommissionsTable>): Promise<number | undefined> {
    const r = await db
      .insertInto('team_commissions')
      .values(row)
      .onConflict((oc) => oc.columns(['source_entry_id', 'level']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r?.id;
  },

  /**
   * Per currency, the commission `callerId` was paid on fees of `sourceIds`: in all (`branch`) and on
   * those of `memberId` alone (`own`).
   */
  async commissionSums(db: Db, callerId: number, memberId: number, sourceIds: readonly number[]) {
    const out = new Map<number, { currencyId: number; own: bigint; branch: bigint }>();
    for (let i = 0; i < sourceIds.length; i += IDS_PER_QUERY) {
      const rows = await db
        .selectFrom('team_commissions')
        .select(['currency_id', 'source_user_id'])
        .select((eb) => eb.fn.sum<string | number | bigint>('amount_minor').as('sum_minor'))
        .where('user_id', '=', callerId)
        .where('source_user_id', 'in', sourceIds.slice(i, i + IDS_PER_QUERY))
        .groupBy(['currency_id', 'source_user_id'])
        .execute();
      for (const r of rows) {
        const c = out.get(r.currency_id) ?? { currencyId: r.currency_id, own: 0n, branch: 0n };
        const sum = BigInt(String(r.sum_minor ?? 0));
        c.branch += sum;
        if (r.source_user_id === memberId) c.own += sum;
        out.set(r.currency_id, c);
      }
    }
    return [...out.values()];
  },

  /** One page of the commissions paid to a user, newest first. */
  commissionsPage: (db: Db, userId: number, at: PageAt) =>
    pagedQuery(db.selectFrom('team_commissions').where('user_id', '=', userId), at, (q) =>
      q
        .select(['id', 'level', 'amount_minor', 'fee_minor', 'created_at', 'currency_id', 'source_user_id'])
        .orderBy('id', 'desc'),
    ),
};
