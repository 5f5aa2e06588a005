/**
 * The deal state machine, as data: which party may move a deal from which state to which, and what
 * happens to the escrowed coins. No database here; the engine (engine.ts) applies a transition as one
 * conditional UPDATE on the state, in the same transaction as its ledger movement.
 *
 * States are the wire's `is_sure`: 0 waiting for payment, 3 paid, 1 done, 2 cancelled; 4 is the appeal
 * state of a disputed deal (frozen until an operator decides).
 */
import { checkRule, type DealRule, type DealRole, type MoneyEffect } from './deal-engine';

export const DEAL_STATE = {
  waiting: 0,
  done: 1,
  cancelled: 2,
  paid: 3,
  appeal: 4,
} as const;
export type DealState = (typeof DEAL_STATE)[keyof typeof DEAL_STATE];

/** Who acts: the two parties, the scheduler (timers) and an operator (appeals). */
export type DealActor = 'buyer' | 'seller' | 'system' | 'operator';

/** What the transition does with the escrowed coins. */
export type EscrowEffect = MoneyEffect;

export type DealAction =
  'pay' | 'cancel' | 'expire' | 'confirm' | 'appeal' | 'decide_release' | 'decide_return';

/** The one timer of a deal: the payment window (`p2p.deal_expire`). */
export type DealTimer = 'deal_expire';

/** The notice each move sends (modules/notifications kinds; notices.ts picks the recipients). */
export type DealNotice = 'deal.paid' | 'deal.released' | 'deal.cancelled' | 'deal.appealed' | 'deal.decided';

export type P2pRule = DealRule<DealState, DealAction, DealTimer, DealNotice>;

const W = DEAL_STATE.waiting;
const P = DEAL_STATE.paid;
const A = DEAL_STATE.appeal;
const stop = { stop: 'deal_expire' } as const;

/**
 * The table of C2C and shop deals (one table for both kinds; the shop differs only in the owner's
 * account, engine.ts `sideAccount`). `money`: release = escrow to the buyer (less `out_fee`), return =
 * back to the ad's remaining amount or the taker who sold.
 */
export const P2P_TABLE: readonly P2pRule[] = [
  /** The buyer says the fiat is sent. */
  { action: 'pay', who: ['buyer'], from: [W], to: P, money: 'none', timer: stop, notice: 'deal.paid' },
  /** The buyer gives up before paying: the coins go back. */
  {
    action: 'cancel',
    who: ['buyer'],
    from: [W],
    to: DEAL_STATE.cancelled,
    money: 'return',
    timer: stop,
    notice: 'deal.cancelled',
  },
  /** Unpaid past the window: the timer cancels (the job that runs is the timer itself). */
  {
    action: 'expire',
    who: ['timer'],
    from: [W],
    to: DEAL_STATE.cancelled,
    money: 'return',
    notice: 'deal.cancelled',
  },
  /** The seller confirms the fiat arrived: the coins go to the buyer. */
  {
    action: 'confirm',
    who: ['seller'],
    from: [P],
    to: DEAL_STATE.done,
    money: 'release',
    notice: 'deal.released',
  },
  /** Either party disputes a paid deal: it freezes. */
  { action: 'appeal', who: ['buyer', 'seller'], from: [P], to: A, money: 'none', notice: 'deal.appealed' },
  /** The operator finds for the buyer. */
  {
    action: 'decide_release',
    who: ['operator'],
    from: [A],
    to: DEAL_STATE.done,
    money: 'release',
    notice: 'deal.decided',
  },
  /** The operator finds for the seller. */
  {
    action: 'decide_return',
    who: ['operator'],
    from: [A],
    to: DEAL_STATE.cancelled,
    money: 'return',
    notice: 'deal.decided',
  },
];

/** The engine's role of a legacy actor name (`system` is the timer). */
export const roleOfActor = (a: DealActor): DealRole => (a === 'system' ? 'timer' : a);

/** One row of the table as the state diagram reads it (README.md). */
export interface Transition {
  from: DealState;
  to: DealState;
  actors: readonly DealActor[];
  escrow: EscrowEffect;
}

export const TRANSITIONS: Readonly<Record<DealAction, Transition>> = Object.fromEntries(
  P2P_TABLE.map((r) => [
    r.action,
    {
      from: r.from[0]!,
      to: r.to,
      actors: r.who.map((w) => (w === 'timer' ? 'system' : w)) as DealActor[],
      escrow: r.money,
    },
  ]),
) as unknown as Record<DealAction, Transition>;

export const DEAL_ACTIONS = P2P_TABLE.map((r) => r.action);

/** A deal in one of these states still holds coins in escrow. */
export const OPEN_STATES: readonly DealState[] = [DEAL_STATE.waiting, DEAL_STATE.paid, DEAL_STATE.appeal];
export const isOpenState = (s: number): boolean => (OPEN_STATES as readonly number[]).includes(s);

export type TransitionCheck =
  { ok: true; transition: Transition } | { ok: false; reason: 'P2P_DEAL_NOT_PARTY' | 'P2P_DEAL_STATE' };

/**
 * Whether `actor` may make `action` on a deal now in `state` (the engine's check, deal-engine.ts). A
 * wrong party is refused before a wrong state, so a stranger learns nothing about the deal's state.
 */
export function checkTransition(action: DealAction, actor: DealActor, state: number): TransitionCheck {
  const r = checkRule(P2P_TABLE, {
    action,
    role: roleOfActor(actor),
    side: 'sell',
    state: state as DealState,
  });
  if (!r.ok) return { ok: false, reason: r.reason === 'party' ? 'P2P_DEAL_NOT_PARTY' : 'P2P_DEAL_STATE' };
  return { ok: true, transition: TRANSITIONS[action] };
}

/** The role a user has in a deal, or null when the user is not a party. */
export function roleOf(
  deal: { buyer_id: number; seller_id: number },
  userId: number,
): 'buyer' | 'seller' | null {
  if (deal.buyer_id === userId) return 'buyer';
  if (deal.seller_id === userId) return 'seller';
  return null;
}

/**
 * The sides a deal row shows: `type` the ad's side, the same for both parties (clients of this API
 * family choose the buttons from it), `my_side` the viewer's own side.
 */
export function dealSides(
  deal: { seller_id: number; ad_user_id: number },
  viewerId: number,
): { type: 'buy' | 'sell'; my_side: 'buy' | 'sell' } {
  return {
    type: deal.seller_id === deal.ad_user_id ? 'sell' : 'buy',
    my_side: deal.seller_id === viewerId ? 'sell' : 'buy',
  };
}
