/**
 * SQL of the console: the audit log, the four-eyes approvals, user restrictions, and the reads of other
 * areas' rows the operator pages show (sessions, payment details, queue counts, 24 h volumes). Counting
 * is not a rule: each area keeps its own states, the console only counts them.
 */
import type { Insertable } from 'kysely';
import type { StaffApprovalsTable, StaffAuditLogTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';
import { pagedQuery, type PageAt } from '../../lib/paging';

/** Sessions shown on a user's profile, newest first. */
const SESSIONS_SHOWN = 20;

type ApprovalStatus = 'pending' | 'approved' | 'rejected';

const countWhere = async (q: Promise<{ n: number | string | bigint } | undefined>) =>
  Number((await q)?.n ?? 0);

export const consoleRepo = {
  async insertAudit(db: Db, row: Insertable<StaffAuditLogTable>): Promise<void> {
    await db.insertInto('staff_audit_log').values(row).execute();
  },

  auditPage(db: Db, q: { actor_id?: number; call: string }, at: PageAt) {
    let base = db.selectFrom('staff_audit_log');
    if (q.actor_id !== undefined) base = base.where('actor_id', '=', q.actor_id);
    if (q.call) base = base.where('call', 'like', `%${q.call.replace(/[%_\\]/g, '')}%`);
    return pagedQuery(base, at, (b) => b.selectAll().orderBy('id', 'desc'));
  },

  // ---- four-eyes approvals ----

  approval: (db: Db, id: number) =>
    db.selectFrom('staff_approvals').selectAll().where('id', '=', id).executeTakeFirst(),

  openApproval: (db: Db, kind: string, subjectId: string) =>
    db
      .selectFrom('staff_approvals')
      .select(['id', 'requested_by', 'beneficiary_id', 'payload_json'])
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('status', '=', 'pending')
      .executeTakeFirst(),

  openApprovals: (db: Db, kind: string, subjectIds: readonly string[]) =>
    db
      .selectFrom('staff_approvals')
      .select(['id', 'subject_id', 'payload_json', 'reason', 'requested_by', 'requested_at'])
      .where('kind', '=', kind)
      .where('status', '=', 'pending')
      .where('subject_id', 'in', [...subjectIds])
      .execute(),

  /** The subjects of `kind` with a first approval waiting for a second operator (at most `max`). */
  async pendingSubjects(db: Db, kind: string, max: number): Promise<Set<string>> {
    const rows = await db
      .selectFrom('staff_approvals')
      .select('subject_id')
      .where('kind', '=', kind)
      .where('status', '=', 'pending')
      .limit(max)
      .execute();
    return new Set(rows.map((r) => r.subject_id));
  },

  async insertApproval(db: Db, row: Insertable<StaffApprovalsTable>): Promise<number> {
    return (await db.insertInto('staff_approvals').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** The USDT worth approved by one operator alone (requested_by = decided_by) since `since`. */
  async movedAlone(db: Db, since: number, who: { operatorId: number } | { beneficiaryId: number }) {
    let q = db
      .selectFrom('staff_approvals')
      .select((eb) => eb.fn.sum<bigint | null>('worth_usdt_minor').as('total_minor'))
      .where('status', '=', 'approved')
      .where('decided_at', '>=', since)
      .whereRef('decided_by', '=', 'requested_by');
    q =
      'operatorId' in who
        ? q.where('requested_by', '=', who.operatorId)
        : q.where('beneficiary_id', '=', who.beneficiaryId);
    return (await q.executeTakeFirst())?.total_minor ?? 0n;
  },

  async rejectOpen(db: Db, kind: string, subjectId: string, actorId: number, now: number): Promise<void> {
    await db
      .updateTable('staff_approvals')
      .set({ status: 'rejected', decided_by: actorId, decided_at: now })
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('status', '=', 'pending')
      .execute();
  },

  /** Decides a pending approval; false when it was decided already. */
  async decide(db: Db, id: number, status: ApprovalStatus, actorId: number, now: number): Promise<boolean> {
    const res = await db
      .updateTable('staff_approvals')
      .set({ status, decided_by: actorId, decided_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  approvalsPage(db: Db, status: string, at: PageAt) {
    let base = db.selectFrom('staff_approvals');
    if (status !== 'all') base = base.where('status', '=', status as 'pending');
    return pagedQuery(base, at, (b) => b.selectAll().orderBy('id', 'desc'));
  },

  // ---- a user's profile ----

  restriction: (db: Db, userId: number) =>
    db
      .selectFrom('user_restrictions')
      .select(['login', 'trade', 'withdraw', 'reason'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  async setRestriction(
    db: Db,
    userId: number,
    values: {
      login: number;
      trade: number;
      withdraw: number;
      reason: string;
      updated_by: number;
      updated_at: number;
    },
  ): Promise<void> {
    await db
      .insertInto('user_restrictions')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  },

  sessions: (db: Db, userId: number) =>
    db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'expires_at', 'revoked_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(SESSIONS_SHOWN)
      .execute(),

  bank: (db: Db, userId: number) =>
    db
      .selectFrom('user_banks')
      .select(['receive_name', 'receive_account', 'bank_code', 'bank_name', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  cashInfo: (db: Db, userId: number) =>
    db.selectFrom('user_cash_info').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  // ---- the dashboard ----

  /** Items waiting for an operator in each queue but identity reviews (modules/users counts those). */
  async queueCounts(db: Db) {
    const [withdrawals, payouts, claims, appeals, approvals, acceptorDeals] = await Promise.all([
      countWhere(
        db
          .selectFrom('funding_withdrawals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 0)
          .executeTakeFirst(),
      ),
      countWhere(
        db
          .selectFrom('funding_pay_payouts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 0)
          .executeTakeFirst(),
      ),
      countWhere(
        db
          .selectFrom('funding_claims')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 0)
          .executeTakeFirst(),
      ),
      countWhere(
        db
          .selectFrom('p2p_appeals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('result', 'is', null)
          .executeTakeFirst(),
      ),
      countWhere(
        db
          .selectFrom('staff_approvals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirst(),
      ),
      countWhere(
        db
          .selectFrom('acceptor_deals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('is_sure', '=', 0)
          .executeTakeFirst(),
      ),
    ]);
    return { withdrawals, payouts, claims, appeals, approvals, acceptorDeals };
  },

  /** Spot trades since `since` per market: how many and their quote volume. */
  spotVolumes: (db: Db, since: number) =>
    db
      .selectFrom('spot_trades')
      .select([
        'market_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<bigint>('quote_minor').as('volume_minor'),
      ])
      .where('created_at', '>=', since)
      .groupBy('market_id')
      .execute(),

  /** Seconds orders opened since `since` per stake currency: how many and their stakes. */
  microVolumes: (db: Db, since: number) =>
    db
      .selectFrom('micro_orders')
      .select([
        'currency_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<bigint>('stake_minor').as('volume_minor'),
      ])
      .where('opened_at', '>=', since)
      .groupBy('currency_id')
      .execute(),
};
