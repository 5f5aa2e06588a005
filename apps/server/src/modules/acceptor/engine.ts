/**
 * Acceptor deals on the deal engine (modules/p2p/deal-engine.ts, the table in deal-table.ts): escrow
 * through the ledger's `c2c_escrow` (the account C2C deals use). Each function takes the caller's
 * transaction, so a state change and its ledger movement commit together; each state change is a
 * conditional UPDATE, so of two concurrent moves on one deal (the acceptor's confirm and the
 * auto-confirm timer, say) exactly one wins.
 *
 *   buy  (the user deposits): the acceptor's coin → escrow when the deal opens; confirm: escrow → user;
 *        reject: escrow → acceptor.
 *   sell (the user withdraws): the user's coin → escrow when the deal opens; confirm: escrow → acceptor;
 *        reject: escrow → user.
 */
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { ledger, systemAccount, userAccount, type Reason } from '../ledger/service';
import { runAction, type DealKind, type DealRole } from '../p2p/deal-engine';
import { cancelJob, schedule } from '../scheduler/scheduler';
import { ACCEPTOR_AUTO_CONFIRM_MS, AUTO_CONFIRM_JOB, DEAL_STATE } from './config';
import {
  ACCEPTOR_TABLE,
  type AcceptorAction,
  type AcceptorNotice,
  type AcceptorState,
  type AcceptorTimer,
} from './deal-table';
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

/** The engine's state of a deal: the wire's `is_sure`, a waiting deal by its marks. */
export function stateOf(d: AcceptorDeal): AcceptorState {
  if (d.is_sure === DEAL_STATE.confirmed) return 'confirmed';
  if (d.is_sure === DEAL_STATE.rejected) return 'rejected';
  if (d.disputed_at !== null) return 'disputed';
  return d.transferred_at !== null ? 'transferred' : 'waiting';
}

/**
 * Acceptor deals on the engine. A role the rule does not name is a wrong state here: the callers have
 * already told anyone but the deal's user, acceptor or an operator that the deal is not found.
 */
export const ACCEPTOR_DEALS: DealKind<
  AcceptorDeal,
  AcceptorState,
  AcceptorAction,
  AcceptorTimer,
  AcceptorNotice
> = {
  table: ACCEPTOR_TABLE,
  errors: { party: 'ACCEPTOR_DEAL_STATE', state: 'ACCEPTOR_DEAL_STATE' },
  sideOf: (deal) => (deal.type === 'sell' ? 'sell' : 'buy'),
  stateOf,
  write: (trx, deal, rule, at) => acceptorRepo.moveDeal(trx, deal.id, rule.from, rule.to, at),
  async money(trx, deal, effect, at) {
    if (effect === 'release') await move(trx, deal, ESCROW, legal(taker(deal)), 'acceptor.release', at);
    else await move(trx, deal, ESCROW, legal(giver(deal)), 'acceptor.return', at);
  },
  async timer(trx, deal, _timer, op, at) {
    const key = `deal:${deal.id}`;
    if (op === 'stop') await cancelJob(trx, AUTO_CONFIRM_JOB, key, at);
    else
      await schedule(
        trx,
        AUTO_CONFIRM_JOB,
        at + ACCEPTOR_AUTO_CONFIRM_MS,
        { dealId: deal.id },
        { uniqueKey: key, nowMs: at },
      );
  },
  notify: (trx, deal, rule, _role, at) => noticeAcceptorStep(trx, deal, rule.notice, at),
  reload: async (trx, deal) => (await acceptorRepo.findDeal(trx, deal.id))!,
};

/** One move of the table on an acceptor deal as `role`, in the caller's transaction; the deal after. */
export function actOnAcceptorDeal(
  trx: Db,
  deal: AcceptorDeal,
  action: AcceptorAction,
  role: DealRole,
  at: number,
): Promise<AcceptorDeal> {
  return runAction(trx, ACCEPTOR_DEALS, deal, action, role, at);
}
