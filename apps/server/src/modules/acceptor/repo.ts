/** SQL of acceptors and their deals. Every deal state change is a conditional UPDATE that reports if it won. */
import type { Insertable, Selectable } from 'kysely';
import type { AcceptorDealsTable, AcceptorDisputesTable, AcceptorsTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
import { ACCEPTOR_STATUS, DEAL_STATE } from './config';
import type { AcceptorState } from './deal-table';

export type Acceptor = Selectable<AcceptorsTable>;
export type AcceptorDeal = Selectable<AcceptorDealsTable>;
export type AcceptorDispute = Selectable<AcceptorDisputesTable>;

const won = (r: { numUpdatedRows: bigint }): boolean => Number(r.numUpdatedRows) > 0;

export const acceptorRepo = {
  find(db: Db, id: number): Promise<Acceptor | undefined> {
    return db.selectFrom('acceptors').selectAll().where('id', '=', id).executeTakeFirst();
  },

  byUser(db: Db, userId: number): Promise<Acceptor | undefined> {
    return db.selectFrom('acceptors').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  /** Active acceptors, optionally of one kind, oldest first (at most 100: the list is not paged). */
  listActive(db: Db, kind?: string): Promise<Acceptor[]> {
    let q = db.selectFrom('acceptors').selectAll().where('status', '=', ACCEPTOR_STATUS.active);
    if (kind) q = q.where('kind', '=', kind);
    return q.orderBy('id').limit(100).execute();
  },

  async upsert(db: Db, row: Insertable<AcceptorsTable>): Promise<number> {
    const { created_at: _created, user_id, ...rest } = row;
    const existing = await acceptorRepo.byUser(db, user_id);
    if (existing) {
      await db.updateTable('acceptors').set(rest).where('id', '=', existing.id).execute();
      return existing.id;
    }
    const r = await db.insertInto('acceptors').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  async insertDeal(trx: Db, deal: Insertable<AcceptorDealsTable>): Promise<number> {
    const r = await trx.insertInto('acceptor_deals').values(deal).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  findDeal(db: Db, id: number): Promise<AcceptorDeal | undefined> {
    return db.selectFrom('acceptor_deals').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * Moves a deal from one of the engine's states `from` to `to` (deal-table.ts), only if it is still in
   * one of them; false when another move got there first.
   */
  async moveDeal(trx: Db, id: number, from: readonly AcceptorState[], to: AcceptorState, at: number) {
    const set =
      to === 'transferred'
        ? { transferred_at: at }
        : to === 'disputed'
          ? { disputed_at: at }
          : { is_sure: to === 'confirmed' ? DEAL_STATE.confirmed : DEAL_STATE.rejected };
    const r = await trx
      .updateTable('acceptor_deals')
      .set({ ...set, updated_at: at })
      .where('id', '=', id)
      .where('is_sure', '=', DEAL_STATE.waiting)
      .where((eb) =>
        eb.or(
          from.map((state) =>
            state === 'disputed'
              ? eb('disputed_at', 'is not', null)
              : eb.and([
                  eb('disputed_at', 'is', null),
                  eb('transferred_at', state === 'transferred' ? 'is not' : 'is', null),
                ]),
          ),
        ),
      )
      .executeTakeFirst();
    return won(r);
  },

  /** A page of deals, newest first: a user's (`userId`) or an acceptor's (`acceptorId`, `onlyOpen`). */
  async pageDeals(
    db: Db,
    by: { userId?: number; acceptorId?: number; type?: string; onlyOpen?: boolean },
    page: number,
    limit: number,
  ): Promise<{ rows: AcceptorDeal[]; total: number }> {
    let q = db.selectFrom('acceptor_deals');
    if (by.userId !== undefined) q = q.where('user_id', '=', by.userId);
    if (by.acceptorId !== undefined) q = q.where('acceptor_id', '=', by.acceptorId);
    if (by.type) q = q.where('type', '=', by.type);
    if (by.onlyOpen) q = q.where('is_sure', '=', DEAL_STATE.waiting);
    const count = await q
      .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
      .executeTakeFirst();
    const rows = await q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { rows, total: Number(count?.n ?? 0) };
  },

  async countOpen(db: Db, acceptorId: number): Promise<number> {
    const r = await db
      .selectFrom('acceptor_deals')
      .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
      .where('acceptor_id', '=', acceptorId)
      .where('is_sure', '=', DEAL_STATE.waiting)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  findMany(db: Db, ids: number[]): Promise<Acceptor[]> {
    return db.selectFrom('acceptors').selectAll().where('id', 'in', ids).execute();
  },

  disputes(db: Db, dealIds: number[]): Promise<AcceptorDispute[]> {
    return db.selectFrom('acceptor_disputes').selectAll().where('deal_id', 'in', dealIds).execute();
  },

  async insertDispute(trx: Db, row: Insertable<AcceptorDisputesTable>): Promise<void> {
    await trx.insertInto('acceptor_disputes').values(row).execute();
  },

  async decideDispute(
    trx: Db,
    dealId: number,
    d: { result: string; reason: string; decided_by: number; decided_at: number },
  ): Promise<void> {
    await trx.updateTable('acceptor_disputes').set(d).where('deal_id', '=', dealId).execute();
  },

  /** Disputed deals (only those still waiting, or all), oldest dispute first; or the one `dealId`. */
  async pageDisputed(db: Db, q: { pendingOnly?: boolean; dealId?: number }, page: number, size: number) {
    let base = db.selectFrom('acceptor_deals as d').innerJoin('acceptor_disputes as x', 'x.deal_id', 'd.id');
    if (q.pendingOnly) base = base.where('d.is_sure', '=', DEAL_STATE.waiting);
    if (q.dealId !== undefined) base = base.where('d.id', '=', q.dealId);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const deals = await base
      .selectAll('d')
      .orderBy('x.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return { deals, total: Number(n) };
  },
};
