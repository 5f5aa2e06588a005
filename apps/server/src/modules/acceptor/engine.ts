/**
 * The acceptor deal engine: escrow through the ledger's `c2c_escrow` (the account the C2C deals use) and
 * the deal's three states. Each function takes the caller's transaction, so a state change and its ledger
 * movement commit together; each state change is a conditional UPDATE, so of two concurrent moves on one
 * deal (the acceptor's confirm and the auto-confirm timer, say) exactly one wins.
 *
 *   buy  (the user deposits): the acceptor's coin → escrow when the deal opens; confirm: escrow → user;
 *        reject: escrow → acceptor.
 *   sell (the user withdraws): the user's coin → escrow when the deal opens; confirm: escrow → acceptor;
 *        reject: escrow → user.
 *
 * A deal the user disputes is frozen (none of the moves above applies) until an operator decides it:
 * release as a confirm would, or return as a reject would.
 */
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { ledger, systemAccount, userAccount, type Reason } from '../ledger/service';
import { cancelJob, schedule } from '../scheduler/scheduler';
import { ACCEPTOR_AUTO_CONFIRM_MS, AUTO_CONFIRM_JOB, DEAL_STATE } from './config';
import { noticeAcceptorStep } from './notices';
import { acceptorRepo, type AcceptorDeal } from './repo';

const ESCROW = systemAccount('c2c_escrow');
const legal = (userId: number) => userAccount(userId, 'legal');

function move(
  trx: Db,
  deal: AcceptorDeal,
  from: typeof ESCROW,
  to: typeof ESCROW,
  reason: Reason,
  at: number,
) {
  return ledger.transfer(trx, {
    from,
    to,
    amountMinor: deal.number_minor,
    currencyId: deal.currency_id,
    reason,
    ref: { type: 'acceptor_deal', id: deal.id },
    at,
  });
}

/** Who gives the coin of a deal (it goes to escrow from there) and who gets it on confirm. */
/** Who gives the escrowed coin (gets it back on a rejection) and who takes it (on a confirmation). */
export const giver = (d: AcceptorDeal) => (d.type === 'sell' ? d.user_id : d.acceptor_user_id);
export const taker = (d: AcceptorDeal) => (d.type === 'sell' ? d.acceptor_user_id : d.user_id);

/** A new deal's coin goes to escrow; the giver's shortfall is the caller's refusal to name. */
export async function escrowDeal(trx: Db, deal: AcceptorDeal, at: number): Promise<void> {
  try {
    await move(trx, deal, legal(giver(deal)), ESCROW, 'acceptor.escrow', at);
    await noticeAcceptorStep(trx, deal, 'opened', at);
  } catch (err) {
    if (err instanceof AppError && err.code === 'LEDGER_INSUFFICIENT') {
      throw new AppError(deal.type === 'sell' ? 'ACCEPTOR_BALANCE_LOW' : 'ACCEPTOR_STOCK_LOW');
    }
    throw err;
  }
}

/** Confirms a waiting deal as of `at`: the escrowed coin goes to its taker. A sell deal must be transferred. */
export async function confirmDeal(trx: Db, deal: AcceptorDeal, at: number): Promise<void> {
  if (deal.is_sure !== DEAL_STATE.waiting) throw new AppError('ACCEPTOR_DEAL_STATE');
  if (deal.type === 'sell' && deal.transferred_at === null) throw new AppError('ACCEPTOR_DEAL_STATE');
  if (!(await acceptorRepo.endDeal(trx, deal.id, DEAL_STATE.confirmed, at))) {
    throw new AppError('ACCEPTOR_DEAL_STATE');
  }
  await move(trx, deal, ESCROW, legal(taker(deal)), 'acceptor.release', at);
  await noticeAcceptorStep(trx, deal, 'confirmed', at);
  await cancelJob(trx, AUTO_CONFIRM_JOB, `deal:${deal.id}`, at);
}

/** Rejects a waiting deal not yet marked transferred: the escrowed coin goes back to its giver. */
export async function rejectDeal(trx: Db, deal: AcceptorDeal, at: number): Promise<void> {
  if (deal.is_sure !== DEAL_STATE.waiting || deal.transferred_at !== null) {
    throw new AppError('ACCEPTOR_DEAL_STATE');
  }
  if (!(await acceptorRepo.endDeal(trx, deal.id, DEAL_STATE.rejected, at))) {
    throw new AppError('ACCEPTOR_DEAL_STATE');
  }
  await move(trx, deal, ESCROW, legal(giver(deal)), 'acceptor.return', at);
  await noticeAcceptorStep(trx, deal, 'rejected', at);
}

/** The acceptor paid the user of a sell deal: the deal confirms itself 20 minutes later unless answered. */
export async function markTransferred(trx: Db, deal: AcceptorDeal, at: number): Promise<void> {
  if (deal.type !== 'sell' || !(await acceptorRepo.markTransferred(trx, deal.id, at))) {
    throw new AppError('ACCEPTOR_DEAL_STATE');
  }
  await schedule(
    trx,
    AUTO_CONFIRM_JOB,
    at + ACCEPTOR_AUTO_CONFIRM_MS,
    { dealId: deal.id },
    { uniqueKey: `deal:${deal.id}`, nowMs: at },
  );
  await noticeAcceptorStep(trx, deal, 'transferred', at);
}

/** An operator's decision on a disputed deal: `release` as a confirm would, `return` as a reject would. */
export async function decideDisputed(
  trx: Db,
  deal: AcceptorDeal,
  result: 'release' | 'return',
  at: number,
): Promise<void> {
  const release = result === 'release';
  const to = release ? DEAL_STATE.confirmed : DEAL_STATE.rejected;
  if (!(await acceptorRepo.endDisputed(trx, deal.id, to, at))) throw new AppError('ACCEPTOR_DEAL_STATE');
  if (release) await move(trx, deal, ESCROW, legal(taker(deal)), 'acceptor.release', at);
  else await move(trx, deal, ESCROW, legal(giver(deal)), 'acceptor.return', at);
  await noticeAcceptorStep(trx, deal, result, at);
}
