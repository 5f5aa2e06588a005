/**
 * Appeals: either party of a paid deal appeals with a note and up to three images (private, images.ts);
 * the deal freezes (state 4) until an operator decides to release the coins to the buyer or return them
 * to the seller, with a written reason and, above the four-eyes amount, a second operator. Each step is
 * one transaction through the engine's table, so a decision and a confirm can never both win.
 */
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { runInTransaction } from '../../db/transaction';
import { escrowFourEyes, escrowReason, type EscrowResult } from '../console/escrow-decisions';
import { DEAL_STATE } from './deal-states';
import { partyActor, transitionDeal } from './engine';
import { appealsRepo } from './appeals-repo';
import { attachImages } from './images';
import { pushDeal } from './push';
import { p2pRepo, type P2pDeal } from './repo';
import { partyDeal } from './deal-calls';
import { DOORS, type DealDoor } from './doors';

export async function appealDeal(
  ctx: AppContext,
  userId: number,
  dealId: number,
  input: { note: string; images: readonly string[] },
  door: DealDoor = 'c2c',
) {
  const at = ctx.clock.now();
  const after = await runInTransaction(ctx.db, async (trx) => {
    const deal = await partyDeal(trx, userId, dealId, door);
    const moved = await transitionDeal(trx, deal, 'appeal', partyActor(deal, userId), at);
    await appealsRepo.insert(trx, {
      deal_id: deal.id,
      user_id: userId,
      note: input.note.trim(),
      created_at: at,
    });
    await attachImages(trx, deal, userId, 'appeal', input.images, at);
    return moved;
  });
  if (DOORS[door].pushes) pushDeal(ctx, after);
}

/**
 * The operator's decision on an appealed deal (C2C or shop), with a written reason. Above the four-eyes
 * amount the first operator only records the request (`pending`, nothing moves); a second operator
 * making the same decision carries it out (console/escrow-decisions.ts).
 */
export async function decideAppeal(
  ctx: AppContext,
  operatorId: number,
  dealId: number,
  result: EscrowResult,
  rawReason: string,
): Promise<{ deal: P2pDeal; pending: boolean }> {
  const reason = escrowReason(rawReason);
  const at = ctx.clock.now();
  const decided = await runInTransaction(ctx.db, async (trx) => {
    const deal = await p2pRepo.findDeal(trx, dealId);
    if (!deal) throw new AppError('P2P_DEAL_NOT_FOUND');
    // A deal no longer under appeal gets no four-eyes request.
    if (deal.is_sure !== DEAL_STATE.appeal) throw new AppError('P2P_DEAL_STATE');
    const check = await escrowFourEyes(ctx, trx, {
      kind: 'p2p.appeal',
      dealId: deal.id,
      currencyId: deal.currency_id,
      amountMinor: deal.number_minor,
      actorId: operatorId,
      parties: [deal.buyer_id, deal.seller_id],
      beneficiaryId: result === 'release' ? deal.buyer_id : deal.seller_id,
      result,
      reason,
    });
    if (check === 'pending') return { deal, pending: true };
    const action = result === 'release' ? 'decide_release' : 'decide_return';
    const after = await transitionDeal(trx, deal, action, 'operator', at);
    await appealsRepo.decide(trx, dealId, { result, reason, decided_by: operatorId, decided_at: at });
    return { deal: after, pending: false };
  });
  if (!decided.pending) pushDeal(ctx, decided.deal);
  return decided;
}
