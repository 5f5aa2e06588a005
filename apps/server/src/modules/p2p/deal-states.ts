/**
 * The deal state machine, as data: which party may move a deal from which state to which, and what
 * happens to the escrowed coins. No database here; the engine (engine.ts) applies a transition as one
 * conditional UPDATE on the state, in the same transaction as its ledger movement.
 *
 * States are the wire's `is_sure`: 0 waiting for payment, 3 paid, 1 done, 2 cancelled; 4 is the appeal
 * state of a disputed deal (frozen until an operator decides).
 */
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
export type EscrowEffect = 'none' | 'release' | 'return';

export type DealAction =
  'pay' | 'cancel' | 'expire' | 'confirm' | 'appeal' | 'decide_release' | 'decide_return';

export interface Transition {
  from: DealState;
  to: DealState;
  actors: readonly DealActor[];
  escrow: EscrowEffect;
}

export const TRANSITIONS: Readonly<Record<DealAction, Transition>> = {
  /** The buyer says the fiat is sent. */
  pay: { from: DEAL_STATE.waiting, to: DEAL_STATE.paid, actors: ['buyer'], escrow: 'none' },
  /** The buyer gives up before paying: the coins go back. */
  cancel: { from: DEAL_STATE.waiting, to: DEAL_STATE.cancelled, actors: ['buyer'], escrow: 'return' },
  /** Unpaid past the window: the scheduler cancels. */
  expire: { from: DEAL_STATE.waiting, to: DEAL_STATE.cancelled, actors: ['system'], escrow: 'return' },
  /** The seller confirms the fiat arrived: the coins go to the buyer. */
  confirm: { from: DEAL_STATE.paid, to: DEAL_STATE.done, actors: ['seller'], escrow: 'release' },
  /** Either party disputes a paid deal: it freezes. */
  appeal: { from: DEAL_STATE.paid, to: DEAL_STATE.appeal, actors: ['buyer', 'seller'], escrow: 'none' },
  /** The operator finds for the buyer. */
  decide_release: { from: DEAL_STATE.appeal, to: DEAL_STATE.done, actors: ['operator'], escrow: 'release' },
  /** The operator finds for the seller. */
  decide_return: {
    from: DEAL_STATE.appeal,
    to: DEAL_STATE.cancelled,
    actors: ['operator'],
    escrow: 'return',
  },
};

export const DEAL_ACTIONS = Object.keys(TRANSITIONS) as DealAction[];

/** A deal in one of these states still holds coins in escrow. */
export const OPEN_STATES: readonly DealState[] = [DEAL_STATE.waiting, DEAL_STATE.paid, DEAL_STATE.appeal];
export const isOpenState = (s: number): boolean => (OPEN_STATES as readonly number[]).includes(s);

export type TransitionCheck =
  { ok: true; transition: Transition } | { ok: false; reason: 'P2P_DEAL_NOT_PARTY' | 'P2P_DEAL_STATE' };

/**
 * Whether `actor` may make `action` on a deal now in `state`. A wrong party is refused before a wrong
 * state, so a stranger learns nothing about the deal's state.
 */
export function checkTransition(action: DealAction, actor: DealActor, state: number): TransitionCheck {
  const transition = TRANSITIONS[action];
  if (!transition.actors.includes(actor)) return { ok: false, reason: 'P2P_DEAL_NOT_PARTY' };
  if (transition.from !== state) return { ok: false, reason: 'P2P_DEAL_STATE' };
  return { ok: true, transition };
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
