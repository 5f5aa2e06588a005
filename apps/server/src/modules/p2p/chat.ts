/**
 * The chat between the two parties of a peer-to-peer deal (C2C and shop deals share the deal table):
 * only the buyer and the seller read and write it; operators read it once the deal is appealed
 * (admin-chat below). Writing is open while the deal is open and for `P2P_CHAT_AFTER_END_MS` (a day)
 * after it ends (done or cancelled), so a late payment or a refund can still be arranged; then the
 * transcript stays readable. Each party may write `P2P_CHAT_PER_MINUTE` messages a minute and
 * `P2P_CHAT_PER_DEAL` per deal. A new message is pushed to both parties' rooms as `c2c_message`.
 */
import {
  P2P_CHAT_AFTER_END_MS,
  P2P_CHAT_PER_DEAL,
  P2P_CHAT_PER_MINUTE,
  type P2pChatMessage,
} from '@oryx/contracts/p2p/chat-calls';
import type { Db } from '../../db/connection';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { runInTransaction } from '../../db/transaction';
import { isOpenState } from './deal-states';
import { chatRepo, type P2pDealMessage } from './chat-repo';
import { p2pRepo, type P2pDeal } from './repo';

/** A deal (C2C or shop) the user is a party to; anyone else learns nothing (not found). */
export async function dealOfParty(db: Db, userId: number, id: number): Promise<P2pDeal> {
  const deal = await p2pRepo.findDeal(db, id);
  if (!deal || (deal.buyer_id !== userId && deal.seller_id !== userId)) {
    throw new AppError('P2P_DEAL_NOT_FOUND');
  }
  return deal;
}

/** When writing closes (ms): null while the deal is open. */
export function chatClosesAt(deal: P2pDeal): number | null {
  if (isOpenState(deal.is_sure)) return null;
  return (deal.ended_at ?? deal.updated_at) + P2P_CHAT_AFTER_END_MS;
}

/** Control characters other than line breaks and tabs are dropped; line breaks are kept. */
// eslint-disable-next-line no-control-regex
const clean = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();

export function messageView(deal: P2pDeal, m: P2pDealMessage, viewerId: number): P2pChatMessage {
  return {
    id: m.id,
    from: m.user_id === deal.buyer_id ? 'buyer' : 'seller',
    mine: m.user_id === viewerId,
    text: m.body,
    created_at: m.created_at,
  };
}

export async function readChat(ctx: AppContext, userId: number, dealId: number, after = 0) {
  const deal = await dealOfParty(ctx.db, userId, dealId);
  const rows = await chatRepo.messages(ctx.db, deal.id, after);
  const closes = chatClosesAt(deal);
  return {
    data: rows.map((m) => messageView(deal, m, userId)),
    can_post: closes === null || ctx.clock.now() < closes,
    closes_at: closes,
  };
}

function pushMessage(ctx: AppContext, deal: P2pDeal, m: P2pChatMessage) {
  try {
    for (const userId of [deal.buyer_id, deal.seller_id]) {
      ctx.realtime.toUser(userId, 'c2c_message', {
        type: 'c2c_message',
        deal_id: deal.id,
        id: m.id,
        from: m.from,
        text: m.text,
        created_at: m.created_at,
      });
    }
  } catch (err) {
    ctx.log.error({ err }, 'p2p: chat push failed');
  }
}

/** A party writes to the other: the deal's chat must be open and the sender within the rate limits. */
export async function postMessage(
  ctx: AppContext,
  userId: number,
  dealId: number,
  text: string,
): Promise<P2pChatMessage> {
  const body = clean(text);
  if (!body) throw new AppError('VALIDATION', { detail: 'text' });
  const at = ctx.clock.now();
  const { deal, view } = await runInTransaction(ctx.db, async (trx) => {
    const deal = await dealOfParty(trx, userId, dealId);
    const closes = chatClosesAt(deal);
    if (closes !== null && at >= closes) throw new AppError('P2P_CHAT_CLOSED');
    const sent = await chatRepo.sentCounts(trx, deal.id, userId, at - 60_000);
    if (sent.recent >= P2P_CHAT_PER_MINUTE || sent.total >= P2P_CHAT_PER_DEAL) {
      throw new AppError('P2P_CHAT_TOO_FAST');
    }
    const row = { deal_id: deal.id, user_id: userId, body, created_at: at };
    const id = await chatRepo.insertMessage(trx, row);
    return { deal, view: messageView(deal, { id, ...row }, userId) };
  });
  pushMessage(ctx, deal, view);
  return view;
}
