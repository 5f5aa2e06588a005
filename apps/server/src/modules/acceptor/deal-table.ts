/**
 * The acceptor deal's table for the deal engine (modules/p2p/deal-engine.ts): who may make which move
 * in which state, what the escrowed coin does, which timer starts or stops, which notice goes out.
 *
 * The wire keeps three states (`is_sure` 0 waiting, 1 confirmed, 2 rejected); the engine reads two
 * more out of a waiting deal's marks: `transferred` (the acceptor paid the user of a sell deal,
 * `transferred_at`) and `disputed` (the user disputed it, `disputed_at`; frozen until an operator
 * decides). The `owner` is the deal's acceptor, the `taker` its user. `release` sends the coin to the
 * side that gets it on a confirmation (the user on a buy, the acceptor on a sell), `return` back to the
 * side that gave it.
 */
import type { DealRule } from '../p2p/deal-engine';

export type AcceptorState = 'waiting' | 'transferred' | 'disputed' | 'confirmed' | 'rejected';
export type AcceptorAction =
  'confirm' | 'auto_confirm' | 'reject' | 'transferred' | 'dispute' | 'decide_release' | 'decide_return';
/** The one timer: the auto-confirm of a transferred sell deal (`acceptor.auto_confirm`). */
export type AcceptorTimer = 'auto_confirm';
/** The notice steps of notices.ts (`opened` is sent when the deal opens, outside the table). */
export type AcceptorNotice = 'transferred' | 'disputed' | 'confirmed' | 'rejected' | 'release' | 'return';

export type AcceptorRule = DealRule<AcceptorState, AcceptorAction, AcceptorTimer, AcceptorNotice>;

const stop = { stop: 'auto_confirm' } as const;

export const ACCEPTOR_TABLE: readonly AcceptorRule[] = [
  /** The acceptor confirms the money of a buy deal: the coin goes to the user. */
  {
    action: 'confirm',
    side: 'buy',
    who: ['owner'],
    from: ['waiting'],
    to: 'confirmed',
    money: 'release',
    timer: stop,
    notice: 'confirmed',
  },
  /** Either side confirms a transferred sell deal: the coin goes to the acceptor. */
  {
    action: 'confirm',
    side: 'sell',
    who: ['owner', 'taker'],
    from: ['transferred'],
    to: 'confirmed',
    money: 'release',
    timer: stop,
    notice: 'confirmed',
  },
  /** Nobody answered 20 minutes after the transfer: the timer confirms, as of its due time. */
  {
    action: 'auto_confirm',
    side: 'sell',
    who: ['timer'],
    from: ['transferred'],
    to: 'confirmed',
    money: 'release',
    timer: stop,
    notice: 'confirmed',
  },
  /** The acceptor rejects a deal it has not paid: the coin goes back to its giver. */
  {
    action: 'reject',
    who: ['owner'],
    from: ['waiting'],
    to: 'rejected',
    money: 'return',
    notice: 'rejected',
  },
  /** The acceptor paid the user of a sell deal: the auto-confirm starts. */
  {
    action: 'transferred',
    side: 'sell',
    who: ['owner'],
    from: ['waiting'],
    to: 'transferred',
    money: 'none',
    timer: { start: 'auto_confirm' },
    notice: 'transferred',
  },
  /** The user disputes a deal still waiting for the acceptor: it freezes, the auto-confirm stops. */
  {
    action: 'dispute',
    who: ['taker'],
    from: ['waiting', 'transferred'],
    to: 'disputed',
    money: 'none',
    timer: stop,
    notice: 'disputed',
  },
  /** The operator finds for the side that gets the coin on a confirmation. */
  {
    action: 'decide_release',
    who: ['operator'],
    from: ['disputed'],
    to: 'confirmed',
    money: 'release',
    notice: 'release',
  },
  /** The operator finds for the side that gave it. */
  {
    action: 'decide_return',
    who: ['operator'],
    from: ['disputed'],
    to: 'rejected',
    money: 'return',
    notice: 'return',
  },
];
