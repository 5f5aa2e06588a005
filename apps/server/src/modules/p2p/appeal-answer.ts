/**
 * The other party's answer to an appeal: while a deal is under appeal, the party that did not appeal
 * (usually the seller, when the buyer appealed) states its side once, with up to three images (private
 * deal images of kind `answer`, images.ts). The operator sees it beside the appellant's note
 * (`GET /api/admin/p2p/deal_chat`), with the deal's chat transcript.
 */
import type { Db } from '../../db/connection';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation, runInTransaction } from '../../db/transaction';
import { DEAL_STATE } from './deal-states';
import { chatRepo } from './chat-repo';
import { appealsRepo } from './appeals-repo';
import { dealOfParty, messageView } from './chat';
import { dealImages, attachImages } from './images';
import { p2pRepo, type P2pDeal } from './repo';

export async function answerAppeal(
  ctx: AppContext,
  userId: number,
  dealId: number,
  input: { note: string; images: readonly string[] },
): Promise<void> {
  const at = ctx.clock.now();
  try {
    await runInTransaction(ctx.db, async (trx) => {
      const deal = await dealOfParty(trx, userId, dealId);
      if (deal.is_sure !== DEAL_STATE.appeal) throw new AppError('P2P_DEAL_STATE');
      const appeal = await appealsRepo.find(trx, deal.id);
      if (!appeal || appeal.user_id === userId) throw new AppError('P2P_APPEAL_ANSWER_SIDE');
      if (await chatRepo.answer(trx, deal.id)) throw new AppError('P2P_APPEAL_ANSWERED');
      await chatRepo.insertAnswer(trx, {
        deal_id: deal.id,
        user_id: userId,
        note: input.note.trim(),
        created_at: at,
      });
      await attachImages(trx, deal, userId, 'answer', input.images, at);
    });
  } catch (err) {
    // Two answers at once: the unique deal_id lets one in.
    if (isUniqueViolation(err)) throw new AppError('P2P_APPEAL_ANSWERED');
    throw err;
  }
}

async function answerView(db: Db, deal: P2pDeal) {
  const a = await chatRepo.answer(db, deal.id);
  if (!a) return null;
  const images = await dealImages(db, deal.id);
  return {
    by: a.user_id === deal.buyer_id ? ('buyer' as const) : ('seller' as const),
    note: a.note,
    images: images.answer,
    created_at: a.created_at,
  };
}

/** The answer as the deal's parties see it (null when none), and whether the viewer may give it now. */
export async function partyAnswerView(db: Db, userId: number, dealId: number) {
  const deal = await dealOfParty(db, userId, dealId);
  const answer = await answerView(db, deal);
  let canAnswer = false;
  if (!answer && deal.is_sure === DEAL_STATE.appeal) {
    const appeal = await appealsRepo.find(db, deal.id);
    canAnswer = appeal !== undefined && appeal.user_id !== userId;
  }
  return { answer, can_answer: canAnswer };
}

/** Operators: the chat and the answer of an appealed deal; a deal never appealed is not found. */
export async function adminDealChat(db: Db, dealId: number) {
  const deal = await p2pRepo.findDeal(db, dealId);
  const appealed = deal && (await appealsRepo.find(db, deal.id));
  if (!deal || !appealed) throw new AppError('P2P_DEAL_NOT_FOUND');
  const rows = await chatRepo.messages(db, deal.id);
  return { data: rows.map((m) => messageView(deal, m, 0)), answer: await answerView(db, deal) };
}
