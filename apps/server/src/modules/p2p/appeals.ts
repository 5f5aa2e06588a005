/**
 * Appeals: either party of a paid deal appeals with a note and up to three images (private, images.ts);
 * the deal freezes (state 4) until an operator decides to release the coins to the buyer or return them
 * to the seller. Each step is one transaction
 * through the engine's table, so a decision and a confirm can never both win.
 */
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { runInTransaction } from '../../db/transaction';
import { partyActor, transitionDeal } from './engine';
import { attachImages } from './images';
import { pushDeal } from './push';
import { p2pRepo, type P2pDeal } from './repo';
import { partyDeal } from './service';

export async function appealDeal(
  ctx: AppContext,
  userId: number,
  dealId: number,
  input: { note: string; images: readonly string[] },
) {
  const at = ctx.clock.now();
  const after = await runInTransaction(ctx.db, async (trx) => {
    const deal = await partyDeal(trx, userId, dealId);
    const moved = await transitionDeal(trx, deal, 'appeal', partyActor(deal, userId), at);
    await trx
      .insertInto('p2p_appeals')
      .values({ deal_id: deal.id, user_id: userId, note: input.note.trim(), created_at: at })
      .execute();
    await attachImages(trx, deal, userId, 'appeal', input.images, at);
    return moved;
  });
  pushDeal(ctx, after);
}

/** The operator's decision on an appealed deal. */
export async function decideAppeal(
  ctx: AppContext,
  operatorId: number,
  dealId: number,
  result: 'release' | 'return',
): Promise<P2pDeal> {
  const at = ctx.clock.now();
  const decided = await runInTransaction(ctx.db, async (trx) => {
    const deal = await p2pRepo.findDeal(trx, dealId);
    if (!deal) throw new AppError('P2P_DEAL_NOT_FOUND');
    const action = result === 'release' ? 'decide_release' : 'decide_return';
    const after = await transitionDeal(trx, deal, action, 'operator', at);
    await trx
      .updateTable('p2p_appeals')
      .set({ result, decided_by: operatorId, decided_at: at })
      .where('deal_id', '=', dealId)
      .execute();
    return after;
  });
  pushDeal(ctx, decided);
  return decided;
}
