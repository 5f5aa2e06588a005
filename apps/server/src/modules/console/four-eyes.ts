/**
 * Four-eyes approval. A movement worth more than CONSOLE_FOUR_EYES_USDT (valued at the wallet's USDT
 * prices) needs two operators: the first call records a pending request and does nothing else; the same
 * action by a DIFFERENT operator approves it and lets it happen; the requester repeating it is refused.
 * One pending request per subject (a partial unique index). Areas call `fourEyes` inside the transaction
 * of the action it guards, so the approval and the action commit together.
 */
import { formatMinor, mulDiv, parseDecimal, pow10 } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { auditJson } from './audit';

export interface FourEyesRequest {
  /** What is approved, `<area>.<action>`: `funding.withdrawal`, `funding.claim`, `console.adjust`. */
  kind: string;
  subjectId: string | number;
  currencyId: number;
  amountMinor: bigint;
  actorId: number;
  reason: string;
  /** What the second operator's approval needs to carry the action out (console.adjust). */
  payload?: unknown;
}

export type FourEyesOutcome = { decision: 'proceed' } | { decision: 'pending'; approvalId: number };

const USDT_SCALE = 8;

/** The amount's worth in USDT minor units (scale 8), at the wallet's prices or the reference price. */
export async function worthInUsdt(ctx: AppContext, db: Db, currencyId: number, amountMinor: bigint) {
  const c = await db
    .selectFrom('currencies')
    .select(['scale', 'reference_usdt_price_minor', 'name'])
    .where('id', '=', currencyId)
    .executeTakeFirst();
  if (!c) return 0n;
  // A debit weighs as much as a credit of the same size.
  const size = amountMinor < 0n ? -amountMinor : amountMinor;
  if (c.name === 'USDT') return mulDiv(size, pow10(USDT_SCALE), pow10(c.scale), 'down');
  const price = (await ctx.seams.usdtPrices(db)).get(currencyId) ?? c.reference_usdt_price_minor;
  return mulDiv(size, price, pow10(c.scale), 'down');
}

export async function needsSecondOperator(
  ctx: AppContext,
  db: Db,
  currencyId: number,
  amountMinor: bigint,
): Promise<boolean> {
  const limit = parseDecimal(ctx.env.CONSOLE_FOUR_EYES_USDT, USDT_SCALE, { allowZero: true });
  return (await worthInUsdt(ctx, db, currencyId, amountMinor)) > limit;
}

/** See the file comment. `trx` is the caller's transaction. */
export async function fourEyes(ctx: AppContext, trx: Db, r: FourEyesRequest): Promise<FourEyesOutcome> {
  if (!(await needsSecondOperator(ctx, trx, r.currencyId, r.amountMinor))) return { decision: 'proceed' };
  const subjectId = String(r.subjectId);
  const open = await trx
    .selectFrom('staff_approvals')
    .select(['id', 'requested_by'])
    .where('kind', '=', r.kind)
    .where('subject_id', '=', subjectId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const now = ctx.clock.now();
  if (!open) {
    const row = await trx
      .insertInto('staff_approvals')
      .values({
        kind: r.kind,
        subject_id: subjectId,
        currency_id: r.currencyId,
        amount_minor: r.amountMinor,
        payload_json: auditJson(r.payload ?? null),
        reason: r.reason.slice(0, 200),
        status: 'pending',
        requested_by: r.actorId,
        requested_at: now,
        decided_by: null,
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { decision: 'pending', approvalId: row.id };
  }
  if (open.requested_by === r.actorId) throw new AppError('CONSOLE_FOUR_EYES_SAME_OPERATOR');
  await markDecided(trx, open.id, 'approved', r.actorId, now);
  return { decision: 'proceed' };
}

export async function markDecided(
  trx: Db,
  id: number,
  status: 'approved' | 'rejected',
  actorId: number,
  now: number,
): Promise<void> {
  const res = await trx
    .updateTable('staff_approvals')
    .set({ status, decided_by: actorId, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError('CONSOLE_APPROVAL_DECIDED');
}

export const APPROVALS_PAGE = 30;

export async function listApprovals(db: Db, q: { page: number; status: string }) {
  let base = db.selectFrom('staff_approvals as a').innerJoin('currencies as c', 'c.id', 'a.currency_id');
  if (q.status !== 'all') base = base.where('a.status', '=', q.status as 'pending');
  const [rows, count] = await Promise.all([
    base
      .selectAll('a')
      .select(['c.name as currency', 'c.scale'])
      .orderBy('a.id', 'desc')
      .limit(APPROVALS_PAGE)
      .offset((q.page - 1) * APPROVALS_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    page: q.page,
    total: Number(count.n),
    data: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      subject_id: r.subject_id,
      currency: r.currency,
      amount: formatMinor(r.amount_minor, r.scale),
      reason: r.reason,
      status: r.status,
      requested_by: r.requested_by,
      requested_at: r.requested_at,
      decided_by: r.decided_by,
      decided_at: r.decided_at,
    })),
  };
}
