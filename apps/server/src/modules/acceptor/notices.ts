/**
 * Who hears of each acceptor deal step (modules/notifications), in the step's transaction: a new deal
 * tells the acceptor; the acceptor's "money sent" tells the user (whose confirmation it waits on); a
 * dispute tells the acceptor; a confirmation, a rejection or an operator's decision tells both.
 */
import type { Db } from '../../db/connection';
import { notify, type Notice } from '../notifications/service';
import { notifyOperators } from '../notifications/operators';
import type { AcceptorDeal } from './repo';

type Step = 'opened' | 'transferred' | 'disputed' | 'confirmed' | 'rejected' | 'release' | 'return';

const KIND: Record<Step, Notice['kind']> = {
  opened: 'deal.taken',
  transferred: 'deal.transferred',
  disputed: 'deal.appealed',
  confirmed: 'deal.released',
  rejected: 'deal.cancelled',
  release: 'deal.decided',
  return: 'deal.decided',
};

export async function noticeAcceptorStep(trx: Db, deal: AcceptorDeal, step: Step, at: number): Promise<void> {
  // A dispute waits on an operator: every one who may decide it hears of it (not the parties).
  if (step === 'disputed')
    await notifyOperators(
      trx,
      {
        kind: 'console.dispute',
        params: { id: deal.id, area: 'acceptor' },
        money: { currencyId: deal.currency_id, minor: deal.number_minor },
      },
      [deal.user_id, deal.acceptor_user_id],
      at,
    );
  const to =
    step === 'opened' || step === 'disputed'
      ? [deal.acceptor_user_id]
      : step === 'transferred'
        ? [deal.user_id]
        : [deal.user_id, deal.acceptor_user_id];
  // `role` (`acceptor` or `user`) and `type` (the user's side, buy or sell) name the recipient's page.
  const params = (userId: number) => ({
    id: deal.id,
    area: 'acceptor',
    role: userId === deal.acceptor_user_id ? 'acceptor' : 'user',
    type: deal.type,
    ...(step === 'release' || step === 'return' ? { result: step } : {}),
  });
  const money = { currencyId: deal.currency_id, minor: deal.number_minor };
  return notify(
    trx,
    to.map((userId) => ({ userId, kind: KIND[step], params: params(userId), money })),
    at,
  );
}
