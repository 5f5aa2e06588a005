/**
 * Decisions that move escrowed money (an appealed P2P deal, a disputed acceptor deal) under four-eyes.
 * Each needs a written reason; above CONSOLE_FOUR_EYES_USDT (valued as four-eyes.ts values it) the first
 * operator's decision only records a pending request, and a second operator making the SAME decision
 * carries it out. One pending request per deal: an operator who wants the other result is refused
 * (`CONSOLE_FOUR_EYES_CONFLICT`) until that request is rejected on the approvals page. The areas call
 * `escrowFourEyes` inside the decision's transaction, after checking the deal can still be decided. An
 * operator who is one of the deal's parties is refused (`CONSOLE_FOUR_EYES_OWN_ACCOUNT`).
 */
import {
  ESCROW_REASON_MAX,
  type EscrowDecisionKind,
  type EscrowPendingDecision,
} from '@oryx/contracts/console/calls';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { fourEyes } from './four-eyes';
import { consoleRepo } from './repo';

export type EscrowResult = 'release' | 'return';

/** The decision's reason, trimmed; empty or too long is `CONSOLE_REASON_REQUIRED`. */
export function escrowReason(raw: string | undefined): string {
  const reason = (raw ?? '').trim();
  if (reason === '' || reason.length > ESCROW_REASON_MAX) throw new AppError('CONSOLE_REASON_REQUIRED');
  return reason;
}

interface PendingPayload {
  result?: unknown;
}

const resultOf = (payloadJson: string): EscrowResult | null => {
  try {
    const r = (JSON.parse(payloadJson) as PendingPayload | null)?.result;
    return r === 'release' || r === 'return' ? r : null;
  } catch {
    return null;
  }
};

export interface EscrowDecisionRequest {
  kind: EscrowDecisionKind;
  dealId: number;
  currencyId: number;
  amountMinor: bigint;
  actorId: number;
  /** The deal's two parties: neither may decide it. */
  parties: number[];
  /** The party this result pays (the four-eyes window per account counts it). */
  beneficiaryId: number;
  result: EscrowResult;
  reason: string;
}

/**
 * Whether the decision may be carried out now (`proceed`) or only waits for a second operator
 * (`pending`). `trx` is the decision's transaction.
 */
export async function escrowFourEyes(
  ctx: AppContext,
  trx: Db,
  r: EscrowDecisionRequest,
): Promise<'proceed' | 'pending'> {
  // An operator who is a party of the deal decides nothing about it, either way, at any amount.
  if (r.parties.includes(r.actorId)) throw new AppError('CONSOLE_FOUR_EYES_OWN_ACCOUNT');
  const open = await consoleRepo.openApproval(trx, r.kind, String(r.dealId));
  if (open && resultOf(open.payload_json) !== r.result) throw new AppError('CONSOLE_FOUR_EYES_CONFLICT');
  const check = await fourEyes(ctx, trx, {
    kind: r.kind,
    subjectId: r.dealId,
    currencyId: r.currencyId,
    amountMinor: r.amountMinor,
    actorId: r.actorId,
    reason: r.reason,
    payload: { result: r.result },
    beneficiaryId: r.beneficiaryId,
  });
  return check.decision;
}

/** The decisions waiting for a second operator on these deals, by deal id. */
export async function pendingEscrowDecisions(
  db: Db,
  kind: EscrowDecisionKind,
  dealIds: readonly number[],
): Promise<Map<number, EscrowPendingDecision>> {
  const out = new Map<number, EscrowPendingDecision>();
  if (dealIds.length === 0) return out;
  const rows = await consoleRepo.openApprovals(db, kind, [...new Set(dealIds)].map(String));
  for (const row of rows) {
    const result = resultOf(row.payload_json);
    if (!result) continue;
    out.set(Number(row.subject_id), {
      approval_id: row.id,
      result,
      reason: row.reason,
      requested_by: row.requested_by,
      requested_at: row.requested_at,
    });
  }
  return out;
}
