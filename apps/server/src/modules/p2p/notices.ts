/**
 * Who hears of each deal step (modules/notifications), written in the step's transaction: the party the
 * deal now waits on above all. A new deal tells the ad's owner; paid tells the seller (release is up to
 * them); a buyer's cancel tells the seller, the timer's tells both; a release tells the buyer; an appeal
 * tells the other party; an operator's decision tells both.
 */
import type { Db } from '../../db/connection';
import { notify, type Notice } from '../notifications/service';
import { notifyOperators } from '../notifications/operators';
import type { DealAction, DealActor } from './deal-states';
import type { P2pDeal } from './repo';

/** `role` tells the web which page of the deal is the recipient's: the ad's `owner` or the `taker`. */
const paramsOf = (deal: P2pDeal, userId: number) => ({
  id: deal.id,
  area: deal.kind,
  role: userId === deal.ad_user_id ? 'owner' : 'taker',
});
const moneyOf = (deal: P2pDeal) => ({ currencyId: deal.currency_id, minor: deal.number_minor });

function recipients(deal: P2pDeal, action: DealAction, actor: DealActor): number[] {
  const other = actor === 'buyer' ? deal.seller_id : deal.buyer_id;
  switch (action) {
    case 'pay':
      return [deal.seller_id];
    case 'confirm':
      return [deal.buyer_id];
    case 'cancel':
    case 'appeal':
      return actor === 'buyer' || actor === 'seller' ? [other] : [deal.buyer_id, deal.seller_id];
    default:
      return [deal.buyer_id, deal.seller_id];
  }
}

const KIND: Record<DealAction, Notice['kind']> = {
  pay: 'deal.paid',
  confirm: 'deal.released',
  cancel: 'deal.cancelled',
  expire: 'deal.cancelled',
  appeal: 'deal.appealed',
  decide_release: 'deal.decided',
  decide_return: 'deal.decided',
};

/** A deal was opened on an ad: its owner hears of it. */
export function noticeDealOpened(trx: Db, deal: P2pDeal, at: number): Promise<void> {
  return notify(
    trx,
    [
      {
        userId: deal.ad_user_id,
        kind: 'deal.taken',
        params: paramsOf(deal, deal.ad_user_id),
        money: moneyOf(deal),
      },
    ],
    at,
  );
}

/** A deal moved by `action`: the parties it concerns hear of it. */
export async function noticeDealStep(
  trx: Db,
  deal: P2pDeal,
  action: DealAction,
  actor: DealActor,
  at: number,
): Promise<void> {
  // An appeal waits on an operator: every one who may decide it hears of it (not the parties).
  if (action === 'appeal')
    await notifyOperators(
      trx,
      { kind: 'console.appeal', params: { id: deal.id, area: deal.kind }, money: moneyOf(deal) },
      [deal.buyer_id, deal.seller_id],
      at,
    );
  const result = action === 'decide_release' ? 'release' : action === 'decide_return' ? 'return' : '';
  return notify(
    trx,
    recipients(deal, action, actor).map((userId) => ({
      userId,
      kind: KIND[action],
      params: { ...paramsOf(deal, userId), ...(result ? { result } : {}) },
      money: moneyOf(deal),
    })),
    at,
  );
}
