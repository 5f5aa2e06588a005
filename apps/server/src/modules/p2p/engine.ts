/**
 * The deal engine: one escrow and one state machine for every peer-to-peer front door. Each function
 * takes the caller's transaction, so a state change and its ledger movement commit together; each state
 * change is a conditional UPDATE, so of two concurrent transitions on one deal exactly one wins.
 *
 * Escrow (the ledger's `c2c_escrow`): a sell ad's coins go in when it is posted (its remaining amount is
 * escrowed, and deals taken on it draw from it); on a buy ad the taker is the seller and escrows the
 * deal's coins when taking it. Confirming releases them to the buyer (less `out_fee`, which goes to
 * `fees`); cancelling gives them back: to the sell ad's remaining amount, or to the taker who sold.
 */
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../db/transaction';
import { ledger, systemAccount, userAccount, type Reason } from '../ledger/service';
import { cancelJob } from '../scheduler/scheduler';
import { DEAL_EXPIRE_JOB } from './config';
import { runAction, type DealKind } from './deal-engine';
import {
  DEAL_STATE,
  P2P_TABLE,
  roleOf,
  roleOfActor,
  type DealAction,
  type DealActor,
  type DealNotice,
  type DealState,
  type DealTimer,
} from './deal-states';
import { AD_STATUS, p2pRepo, type P2pAd, type P2pDeal } from './repo';
import { noticeDealOpened, noticeDealStep } from './notices';

const ESCROW = systemAccount('c2c_escrow');
const FEES = systemAccount('fees');
const legal = (userId: number) => userAccount(userId, 'legal');
/**
 * A party's account: the owner of a shop ad (kind `shop`) trades from the shop balance (wallet `shop`),
 * everyone else from the legal wallet.
 */
const sideAccount = (row: { kind: string; ad_user_id: number }, userId: number) =>
  row.kind === 'shop' && userId === row.ad_user_id ? userAccount(userId, 'shop') : legal(userId);
const adOwner = (ad: P2pAd) => sideAccount({ kind: ad.kind, ad_user_id: ad.user_id }, ad.user_id);

function move(
  trx: Db,
  m: { from: ReturnType<typeof legal>; to: ReturnType<typeof legal>; amount: bigint; reason: Reason },
  ref: { type: 'p2p_ad' | 'p2p_deal'; id: number },
  currencyId: number,
  at: number,
) {
  return ledger.transfer(trx, {
    from: m.from,
    to: m.to,
    amountMinor: m.amount,
    reason: m.reason,
    ref,
    currencyId,
    at,
  });
}

/** A new sell ad: its whole amount leaves the owner's legal wallet for escrow. */
export async function escrowSellAd(trx: Db, ad: P2pAd, at: number): Promise<void> {
  const m = { from: adOwner(ad), to: ESCROW, amount: ad.total_minor, reason: 'p2p.ad_escrow' as const };
  await move(trx, m, { type: 'p2p_ad', id: ad.id }, ad.currency_id, at);
}

export interface OpenDealInput {
  ad: P2pAd;
  takerId: number;
  numberMinor: bigint;
  dealMoneyMinor: bigint;
  outFeeMinor: bigint;
  at: number;
  /** The deal's payment window (ms; 0 or absent: the terms' default). */
  payWindowMs?: number;
}

/**
 * A deal on an ad: takes the amount off the ad's remaining amount (never more than is left, even under
 * concurrent takes) and, on a buy ad, escrows the taker's coins. Refusals leave nothing behind once the
 * caller's transaction rolls back.
 */
export async function openDeal(trx: Db, input: OpenDealInput): Promise<P2pDeal> {
  const { ad, takerId, numberMinor, at } = input;
  if (ad.user_id === takerId) throw new AppError('P2P_AD_OWN');
  if (ad.status !== AD_STATUS.open) throw new AppError('P2P_AD_CLOSED');
  if (!(await p2pRepo.takeFromAd(trx, ad.id, numberMinor, at))) {
    const now = await p2pRepo.findAd(trx, ad.id);
    throw new AppError(now?.status === AD_STATUS.open ? 'P2P_AD_SOLD_OUT' : 'P2P_AD_CLOSED');
  }
  const adSells = ad.type === 'sell';
  let id: number;
  try {
    id = await p2pRepo.insertDeal(trx, {
      kind: ad.kind,
      ad_id: ad.id,
      ad_user_id: ad.user_id,
      taker_id: takerId,
      seller_id: adSells ? ad.user_id : takerId,
      buyer_id: adSells ? takerId : ad.user_id,
      currency_id: ad.currency_id,
      coin_code: ad.coin_code,
      way: ad.way,
      price_minor: ad.price_minor,
      number_minor: numberMinor,
      deal_money_minor: input.dealMoneyMinor,
      out_fee_minor: input.outFeeMinor,
      escrow_from_ad: adSells ? 1 : 0,
      pay_window_ms: input.payWindowMs ?? 0,
      is_sure: DEAL_STATE.waiting,
      created_at: at,
      updated_at: at,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('P2P_OPEN_DEAL');
    throw err;
  }
  if (!adSells) {
    const m = { from: legal(takerId), to: ESCROW, amount: numberMinor, reason: 'p2p.deal_escrow' as const };
    await move(trx, m, { type: 'p2p_deal', id }, ad.currency_id, at);
  }
  const opened = (await p2pRepo.findDeal(trx, id))!;
  await noticeDealOpened(trx, opened, at);
  return opened;
}

/** The role a user acts in on a deal; refuses a user who is not a party. */
export function partyActor(deal: P2pDeal, userId: number): DealActor {
  const role = roleOf(deal, userId);
  if (!role) throw new AppError('P2P_DEAL_NOT_PARTY');
  return role;
}

/** C2C and shop deals on the engine (deal-engine.ts): the table of deal-states.ts and its bindings. */
export const P2P_DEALS: DealKind<P2pDeal, DealState, DealAction, DealTimer, DealNotice> = {
  table: P2P_TABLE,
  errors: { party: 'P2P_DEAL_NOT_PARTY', state: 'P2P_DEAL_STATE' },
  sideOf: (deal) => (deal.seller_id === deal.ad_user_id ? 'sell' : 'buy'),
  stateOf: (deal) => deal.is_sure as DealState,
  write(trx, deal, rule, at) {
    const extra =
      rule.to === DEAL_STATE.paid ? { paid_at: at } : rule.money === 'none' ? {} : { ended_at: at };
    const by = rule.action === 'cancel' ? { cancelled_by: deal.buyer_id } : {};
    return p2pRepo.moveDeal(trx, deal.id, rule.from[0]!, rule.to, at, { ...extra, ...by });
  },
  money: (trx, deal, effect, at) =>
    effect === 'release' ? releaseEscrow(trx, deal, at) : returnEscrow(trx, deal, at),
  async timer(trx, deal, _timer, op, at) {
    if (op === 'stop') await cancelJob(trx, DEAL_EXPIRE_JOB, `deal:${deal.id}`, at);
  },
  notify: (trx, deal, rule, role, at) => noticeDealStep(trx, deal, rule.notice, role, at),
  reload: async (trx, deal) => (await p2pRepo.findDeal(trx, deal.id))!,
};

/**
 * Applies one rule of the table (deal-states.ts) as `actor`: refuses a wrong party or state, moves the
 * state only if nobody moved it meanwhile, then moves the escrow. Returns the deal after.
 */
export function transitionDeal(
  trx: Db,
  deal: P2pDeal,
  action: DealAction,
  actor: DealActor,
  at: number,
): Promise<P2pDeal> {
  return runAction(trx, P2P_DEALS, deal, action, roleOfActor(actor), at);
}

async function releaseEscrow(trx: Db, deal: P2pDeal, at: number): Promise<void> {
  const ref = { type: 'p2p_deal', id: deal.id } as const;
  const toBuyer = deal.number_minor - deal.out_fee_minor;
  if (toBuyer > 0n) {
    await move(
      trx,
      { from: ESCROW, to: sideAccount(deal, deal.buyer_id), amount: toBuyer, reason: 'p2p.release' },
      ref,
      deal.currency_id,
      at,
    );
  }
  if (deal.out_fee_minor > 0n) {
    await move(
      trx,
      { from: ESCROW, to: FEES, amount: deal.out_fee_minor, reason: 'p2p.fee' },
      ref,
      deal.currency_id,
      at,
    );
  }
  await p2pRepo.closeAd(trx, deal.ad_id, AD_STATUS.done, at, { onlyWhenEmpty: true });
}

async function returnEscrow(trx: Db, deal: P2pDeal, at: number): Promise<void> {
  const ref = { type: 'p2p_deal', id: deal.id } as const;
  const reopened = await p2pRepo.giveBackToAd(trx, deal.ad_id, deal.number_minor, at);
  // A sell ad's coins stay in escrow with the reopened ad; otherwise (or if the ad is closed) they go
  // back to the seller's legal wallet.
  if (deal.escrow_from_ad === 1 && reopened) return;
  const m = {
    from: ESCROW,
    to: sideAccount(deal, deal.seller_id),
    amount: deal.number_minor,
    reason: 'p2p.return' as const,
  };
  await move(trx, m, ref, deal.currency_id, at);
}

/**
 * Withdraws an open ad with no deal in progress (its owner, or the timer): a sell ad's remaining
 * escrowed amount goes back to the owner. `P2P_AD_IN_DEAL` while a deal on it is open.
 */
export async function withdrawAd(trx: Db, ad: P2pAd, at: number): Promise<void> {
  if (!(await p2pRepo.closeAd(trx, ad.id, AD_STATUS.withdrawn, at))) {
    const now = await p2pRepo.findAd(trx, ad.id);
    throw new AppError(now?.status === AD_STATUS.open ? 'P2P_AD_IN_DEAL' : 'P2P_AD_CLOSED');
  }
  const now = (await p2pRepo.findAd(trx, ad.id))!;
  if (ad.type === 'sell' && now.surplus_minor > 0n) {
    const m = {
      from: ESCROW,
      to: adOwner(ad),
      amount: now.surplus_minor,
      reason: 'p2p.ad_return' as const,
    };
    await move(trx, m, { type: 'p2p_ad', id: ad.id }, ad.currency_id, at);
  }
}
