/**
 * Four-eyes approval. What one operator may move alone is bounded by value over time, not per action:
 * - every asset is valued in USDT (the wallets' prices, else the reference price); a currency with no
 *   price needs a second operator for any amount;
 * - an action needs a second operator when its worth, added to what the same operator moved alone in the
 *   last CONSOLE_FOUR_EYES_WINDOW_HOURS, or to what was moved alone to or from the same user's account
 *   (`beneficiaryId`) in that window, is more than CONSOLE_FOUR_EYES_USDT, so splitting one movement into
 *   several under the amount does not avoid the second operator;
 * - no operator acts on their own account (`beneficiaryId` = the operator): refused at any amount, and
 *   never counted as an approver.
 * The first call records a pending request and does nothing else; the same action by a DIFFERENT operator
 * approves it and lets it happen; the requester repeating it is refused. Every action that proceeds leaves
 * an approved row (one operator's alone: requested_by = decided_by), which is what the window sums. One
 * pending request per subject (a partial unique index). Areas call `fourEyes` inside the transaction of
 * the action it guards, so the approval and the action commit together (or neither).
 */
import { formatMinor, mulDiv, parseDecimal, pow10 } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { auditJson } from './audit';
import { consoleRepo } from './repo';
import { catalogRepo } from '../catalog/repo';
import { userAdminRepo } from '../users/admin-repo';

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
  /**
   * The user whose balance the action credits or debits. Given, the operator may not be that user, and
   * what was moved alone to or from that user in the window counts too.
   */
  beneficiaryId?: number;
}

export type FourEyesOutcome =
  { decision: 'proceed'; approvalId: number } | { decision: 'pending'; approvalId: number };

export const USDT_SCALE = 8;

/**
 * The amount's worth in USDT minor units (scale 8), at the wallets' prices or the reference price; null
 * when the currency has no price (unknown, or priced at zero): such an amount cannot be weighed.
 */
export async function worthInUsdt(
  ctx: AppContext,
  db: Db,
  currencyId: number,
  amountMinor: bigint,
): Promise<bigint | null> {
  const c = await catalogRepo.currency(db, currencyId);
  if (!c) return null;
  // A debit weighs as much as a credit of the same size.
  const size = amountMinor < 0n ? -amountMinor : amountMinor;
  if (c.name === 'USDT') return mulDiv(size, pow10(USDT_SCALE), pow10(c.scale), 'down');
  const price = (await ctx.seams.usdtPrices(db)).get(currencyId) ?? c.reference_usdt_price_minor;
  if (price <= 0n) return null;
  return mulDiv(size, price, pow10(c.scale), 'up');
}

/** CONSOLE_FOUR_EYES_USDT in USDT minor units. */
export function fourEyesLimit(ctx: AppContext): bigint {
  return parseDecimal(ctx.env.CONSOLE_FOUR_EYES_USDT, USDT_SCALE, { allowZero: true });
}

/**
 * Whether this amount alone (no window) is beyond one operator: more than CONSOLE_FOUR_EYES_USDT, or a
 * currency with no price. `fourEyes` also weighs what was moved alone in the window.
 */
export async function needsSecondOperator(
  ctx: AppContext,
  db: Db,
  currencyId: number,
  amountMinor: bigint,
): Promise<boolean> {
  const worth = await worthInUsdt(ctx, db, currencyId, amountMinor);
  return worth === null || worth > fourEyesLimit(ctx);
}

/** Refuses an operator acting on their own account. */
export function assertNotOwnAccount(actorId: number, beneficiaryId: number | null | undefined): void {
  if (beneficiaryId !== undefined && beneficiaryId !== null && beneficiaryId === actorId) {
    throw new AppError('CONSOLE_FOUR_EYES_OWN_ACCOUNT');
  }
}

/**
 * Whether one operator may carry out an action worth `worth` alone now (see the file comment): priced,
 * and within the amount together with what the operator, and the beneficiary's account, moved alone in
 * the window.
 */
export async function mayActAlone(
  ctx: AppContext,
  db: Db,
  worth: bigint | null,
  actorId: number,
  beneficiaryId?: number,
): Promise<boolean> {
  if (worth === null) return false;
  const limit = fourEyesLimit(ctx);
  if (worth > limit) return false;
  const since = ctx.clock.now() - ctx.env.CONSOLE_FOUR_EYES_WINDOW_HOURS * 3_600_000;
  if ((await consoleRepo.movedAlone(db, since, { operatorId: actorId })) + worth > limit) return false;
  if (
    beneficiaryId !== undefined &&
    (await consoleRepo.movedAlone(db, since, { beneficiaryId })) + worth > limit
  ) {
    return false;
  }
  return true;
}

/** See the file comment. `trx` is the caller's transaction. */
export async function fourEyes(ctx: AppContext, trx: Db, r: FourEyesRequest): Promise<FourEyesOutcome> {
  assertNotOwnAccount(r.actorId, r.beneficiaryId);
  const subjectId = String(r.subjectId);
  const now = ctx.clock.now();
  const open = await consoleRepo.openApproval(trx, r.kind, subjectId);
  if (open) {
    assertNotOwnAccount(r.actorId, open.beneficiary_id);
    if (open.requested_by === r.actorId) throw new AppError('CONSOLE_FOUR_EYES_SAME_OPERATOR');
    await markDecided(trx, open.id, 'approved', r.actorId, now);
    return { decision: 'proceed', approvalId: open.id };
  }
  // Two actions of one operator, or on one account, at once are weighed one after the other (SQLite
  // writes one at a time); the rows are locked in id order.
  if (ctx.dialect === 'postgres') {
    await userAdminRepo.lockInOrder(trx, [r.actorId, r.beneficiaryId ?? r.actorId]);
  }
  const worth = await worthInUsdt(ctx, trx, r.currencyId, r.amountMinor);
  const alone = await mayActAlone(ctx, trx, worth, r.actorId, r.beneficiaryId);
  const approvalId = await consoleRepo.insertApproval(trx, {
    kind: r.kind,
    subject_id: subjectId,
    currency_id: r.currencyId,
    amount_minor: r.amountMinor,
    payload_json: auditJson(r.payload ?? null),
    reason: r.reason.slice(0, 200),
    status: alone ? 'approved' : 'pending',
    requested_by: r.actorId,
    requested_at: now,
    decided_by: alone ? r.actorId : null,
    decided_at: alone ? now : null,
    beneficiary_id: r.beneficiaryId ?? null,
    worth_usdt_minor: worth,
  });
  return { decision: alone ? 'proceed' : 'pending', approvalId };
}

/**
 * Closes the pending request of a subject, if any, as rejected: an action rejected after a first
 * approval leaves no request waiting. `trx` is the caller's transaction.
 */
export async function closeOpenRequest(
  trx: Db,
  kind: string,
  subjectId: string | number,
  actorId: number,
  now: number,
): Promise<void> {
  await consoleRepo.rejectOpen(trx, kind, String(subjectId), actorId, now);
}

export async function markDecided(
  trx: Db,
  id: number,
  status: 'approved' | 'rejected',
  actorId: number,
  now: number,
): Promise<void> {
  if (!(await consoleRepo.decide(trx, id, status, actorId, now)))
    throw new AppError('CONSOLE_APPROVAL_DECIDED');
}

export const APPROVALS_PAGE = 30;

export async function listApprovals(db: Db, q: { page: number; status: string }) {
  const { rows, total } = await consoleRepo.approvalsPage(db, q.status, {
    page: q.page,
    limit: APPROVALS_PAGE,
  });
  const [currencies, operators] = await Promise.all([
    catalogRepo.currencies(db).then((cs) => new Map(cs.map((c) => [c.id, c]))),
    userAdminRepo.logins(
      db,
      rows.flatMap((r) => [r.requested_by, r.decided_by]),
    ),
  ]);
  // The operators by their login (e-mail, else account), not by id.
  const nameOf = (id: number) => operators.get(id)?.email || operators.get(id)?.account_number || `#${id}`;
  return {
    page: q.page,
    total,
    data: rows.flatMap((r) => {
      const c = currencies.get(r.currency_id);
      if (!c) return [];
      return [
        {
          id: r.id,
          kind: r.kind,
          subject_id: r.subject_id,
          currency: c.name,
          amount: formatMinor(r.amount_minor, c.scale),
          reason: r.reason,
          status: r.status,
          requested_by: r.requested_by,
          requested_by_name: nameOf(r.requested_by),
          requested_at: r.requested_at,
          decided_by: r.decided_by,
          decided_by_name: r.decided_by === null ? null : nameOf(r.decided_by),
          decided_at: r.decided_at,
          beneficiary_id: r.beneficiary_id,
          worth_usdt: r.worth_usdt_minor === null ? null : formatMinor(r.worth_usdt_minor, USDT_SCALE),
        },
      ];
    }),
  };
}
