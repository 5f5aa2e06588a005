/**
 * Who hears of each deal step (modules/notifications), written in the step's transaction: the party the
 * deal now waits on above all. A new deal tells the ad's owner; paid tells the seller (release is up to
 * them); a buyer's cancel tells the seller, the timer's tells both; a release tells the buyer; an appeal
 * tells the other party; an operator's decision tells both.
 */
import type { Db } from '../../db/connection';
import { notify } from '../notifications/service';
import { notifyOperators } from '../notifications/operators';
import type { DealRole } from './deal-engine';
import { DEAL_STATE, type DealNotice } from './deal-states';
import type { P2pDeal } from './repo';

/** `role` tells the web which page of the deal is the recipient's: the ad's `owner` or the `taker`. */
const paramsOf = (deal: P2pDeal, userId: number) => ({
  id: deal.id,
  area: deal.kind,
  role: userId === deal.ad_user_id ? 'owner' : 'taker',
});
const moneyOf = (deal: P2pDeal) => ({ currencyId: deal.currency_id, minor: deal.number_minor });

function recipients(deal: P2pDeal, notice: DealNotice, role: DealRole): number[] {
  const other = role === 'buyer' ? deal.seller_id : deal.buyer_id;
  switch (notice) {
    case 'deal.paid':
      return [deal.seller_id];
    case 'deal.released':
      return [deal.buyer_id];
    case 'deal.cancelled':
    case 'deal.appealed':
      return role === 'buyer' || role === 'seller' ? [other] : [deal.buyer_id, deal.seller_id];
    default:
      return [deal.buyer_id, deal.seller_id];
  }
}

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

/** A deal moved (its table rule's `notice`, by `role`): the parties it concerns hear of it. */
export async function noticeDealStep(
  trx: Db,
  deal: P2pDeal,
  notice: DealNotice,
  role: DealRole,
  at: number,
): Promise<void> {
  // An appeal waits on an operator: every one who may decide it hears of it (not the parties).
  if (notice === 'deal.appealed')
    await notifyOperators(
      trx,
      { kind: 'console.appeal', params: { id: deal.id, area: deal.kind }, money: moneyOf(deal) },
      [deal.buyer_id, deal.seller_id],
      at,
    );
  // An operator's decision names its result: the deal ended done (released) or cancelled (returned).
  const result = notice !== 'deal.decided' ? '' : deal.is_sure === DEAL_STATE.done ? 'release' : 'return';
  return notify(
    trx,
    recipients(deal, notice, role).map((userId) => ({
      userId,
      kind: notice,
      params: { ...paramsOf(deal, userId), ...(result ? { result } : {}) },
      money: moneyOf(deal),
    })),
    at,
  );
}
