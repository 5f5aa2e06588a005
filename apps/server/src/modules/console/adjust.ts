/**
 * Corrections: an operator never edits a balance or a settled record; a correction is a new ledger
 * movement between the user's wallet and the `adjustments` system account, with the operator's reason,
 * visible in the user's history (`console.adjust_credit` / `console.adjust_debit`) and in the audit log.
 * Every correction has a row in `staff_approvals` (its reference in the journal), through `fourEyes`:
 * approved at once when one operator may move it alone, pending a second operator otherwise (above the
 * four-eyes amount with what was moved alone in the window, or in a currency with no price). No operator
 * corrects their own account.
 */
import { ESCROW_DECISION_KINDS } from '@oryx/contracts/console/calls';
import { MoneyError, parseDecimal } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { StaffChange } from '../../lib/seams';
import { isUserWallet, systemAccount, userAccount, type UserWallet } from '../ledger/accounts';
import { ledger } from '../ledger/service';
import { assertNotOwnAccount, fourEyes, markDecided } from './four-eyes';
import { randomToken } from '../../lib/random';
import { catalogRepo } from '../catalog/repo';
import { userAdminRepo } from '../users/admin-repo';
import { consoleRepo } from './repo';

export interface AdjustInput {
  id: number;
  wallet: UserWallet;
  currency_id: number;
  amount: string;
  reason: string;
}

interface AdjustPayload {
  userId: number;
  wallet: UserWallet;
  currencyId: number;
  /** Signed minor units: positive credits the user. */
  amountMinor: string;
  reason: string;
}

async function parseAdjustment(db: Db, input: AdjustInput): Promise<AdjustPayload> {
  if (!(await userAdminRepo.exists(db, input.id))) throw new AppError('CONSOLE_USER_NOT_FOUND');
  const c = await catalogRepo.currency(db, input.currency_id);
  if (!c) throw new AppError('CONSOLE_ADJUST_INVALID');
  let minor: bigint;
  try {
    minor = parseDecimal(input.amount, c.scale, { allowNegative: true });
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError('CONSOLE_ADJUST_INVALID');
    throw err;
  }
  if (minor === 0n) throw new AppError('CONSOLE_ADJUST_INVALID');
  return {
    userId: input.id,
    wallet: input.wallet,
    currencyId: input.currency_id,
    amountMinor: minor.toString(),
    reason: input.reason,
  };
}

async function applyAdjustment(trx: Db, p: AdjustPayload, approvalId: number, at: number): Promise<void> {
  const amount = BigInt(p.amountMinor);
  const user = userAccount(p.userId, p.wallet);
  const pool = systemAccount('adjustments');
  const move = {
    currencyId: p.currencyId,
    amountMinor: amount < 0n ? -amount : amount,
    ref: { type: 'staff_adjust', id: approvalId },
    at,
  };
  try {
    if (amount > 0n)
      await ledger.transfer(trx, { ...move, reason: 'console.adjust_credit', from: pool, to: user });
    else await ledger.transfer(trx, { ...move, reason: 'console.adjust_debit', from: user, to: pool });
  } catch (err) {
    if (err instanceof AppError && err.code === 'LEDGER_INSUFFICIENT') {
      throw new AppError('CONSOLE_ADJUST_INSUFFICIENT');
    }
    throw err;
  }
}

export async function requestAdjustment(
  ctx: AppContext,
  actorId: number,
  input: AdjustInput,
): Promise<{ result: { status: 'done' | 'pending'; approval_id: number | null }; change: StaffChange }> {
  const p = await parseAdjustment(ctx.db, input);
  const amount = BigInt(p.amountMinor);
  return runInTransaction(ctx.db, async (trx) => {
    const now = ctx.clock.now();
    // A debit the balance does not cover is refused now, not after a second operator approved it.
    if (amount < 0n) {
      const held = await ledger.balance(trx, userAccount(p.userId, p.wallet), p.currencyId);
      if (held.availableMinor < -amount) throw new AppError('CONSOLE_ADJUST_INSUFFICIENT');
    }
    const check = await fourEyes(ctx, trx, {
      kind: 'console.adjust',
      subjectId: `user:${p.userId}:${randomToken(6)}`,
      currencyId: p.currencyId,
      amountMinor: amount,
      actorId,
      reason: p.reason,
      payload: p,
      beneficiaryId: p.userId,
    });
    const pending = check.decision === 'pending';
    const row = { id: check.approvalId };
    if (!pending) await applyAdjustment(trx, p, row.id, now);
    const change: StaffChange = { subject: 'adjustment', subjectId: row.id, after: p };
    return { result: { status: pending ? 'pending' : 'done', approval_id: row.id }, change };
  });
}

/**
 * A second operator decides a pending correction (approve carries it out; the requester cannot), or
 * rejects a pending escrow decision.
 */
export async function decideAdjustment(
  ctx: AppContext,
  actorId: number,
  id: number,
  decision: 'approve' | 'reject',
): Promise<StaffChange> {
  return runInTransaction(ctx.db, async (trx) => {
    const a = await consoleRepo.approval(trx, id);
    // A pending escrow decision is rejected here (by anyone acting, its requester too: a request
    // withdrawn); it is approved only by a second operator making the same decision with a reason.
    const isEscrow = (ESCROW_DECISION_KINDS as readonly string[]).includes(a?.kind ?? '');
    if (!a || (a.kind !== 'console.adjust' && !(isEscrow && decision === 'reject'))) {
      throw new AppError('CONSOLE_APPROVAL_NOT_FOUND');
    }
    if (a.status !== 'pending') throw new AppError('CONSOLE_APPROVAL_DECIDED');
    const p = JSON.parse(a.payload_json) as AdjustPayload;
    assertNotOwnAccount(actorId, a.beneficiary_id ?? p.userId);
    if (decision === 'approve' && a.requested_by === actorId) {
      throw new AppError('CONSOLE_FOUR_EYES_SAME_OPERATOR');
    }
    const now = ctx.clock.now();
    await markDecided(trx, id, decision === 'approve' ? 'approved' : 'rejected', actorId, now);
    if (isEscrow)
      return {
        subject: 'approval',
        subjectId: id,
        before: { status: 'pending' },
        after: { status: decision },
      };
    if (decision === 'approve' && isUserWallet(p.wallet)) await applyAdjustment(trx, p, id, now);
    return { subject: 'approval', subjectId: id, before: { status: 'pending' }, after: { status: decision } };
  });
}
