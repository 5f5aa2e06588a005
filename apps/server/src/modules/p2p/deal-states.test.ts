import { describe, expect, it } from 'vitest';
import {
  checkTransition,
  DEAL_ACTIONS,
  DEAL_STATE,
  isOpenState,
  roleOf,
  TRANSITIONS,
  type DealAction,
  type DealActor,
} from './deal-states';

const STATES = Object.values(DEAL_STATE);
const ACTORS: DealActor[] = ['buyer', 'seller', 'system', 'operator'];

/** The whole table, written out: action -> [from, to, allowed actors, escrow effect]. */
const EXPECTED: Record<DealAction, [number, number, DealActor[], string]> = {
  pay: [0, 3, ['buyer'], 'none'],
  cancel: [0, 2, ['buyer'], 'return'],
  expire: [0, 2, ['system'], 'return'],
  confirm: [3, 1, ['seller'], 'release'],
  appeal: [3, 4, ['buyer', 'seller'], 'none'],
  decide_release: [4, 1, ['operator'], 'release'],
  decide_return: [4, 2, ['operator'], 'return'],
};

describe('deal state machine', () => {
  it('is exactly the table', () => {
    expect(DEAL_ACTIONS.sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const a of DEAL_ACTIONS) {
      const [from, to, actors, escrow] = EXPECTED[a];
      expect(TRANSITIONS[a]).toEqual({ from, to, actors, escrow });
    }
  });

  it('allows every listed (action, actor, state) and refuses every other', () => {
    for (const action of DEAL_ACTIONS) {
      const [from, , actors] = EXPECTED[action];
      for (const actor of ACTORS) {
        for (const state of STATES) {
          const r = checkTransition(action, actor, state);
          if (!actors.includes(actor)) expect(r).toEqual({ ok: false, reason: 'P2P_DEAL_NOT_PARTY' });
          else if (state !== from) expect(r).toEqual({ ok: false, reason: 'P2P_DEAL_STATE' });
          else expect(r.ok).toBe(true);
        }
      }
    }
  });

  it('ends in done or cancelled only, never leaves them', () => {
    for (const t of Object.values(TRANSITIONS)) {
      expect([DEAL_STATE.done, DEAL_STATE.cancelled]).not.toContain(t.from);
    }
    expect(STATES.filter(isOpenState).sort()).toEqual([0, 3, 4]);
  });

  it('moves escrow exactly once per deal on every path to an end', () => {
    // Every transition into done releases, every one into cancelled returns, the rest move nothing.
    for (const t of Object.values(TRANSITIONS)) {
      const expected =
        t.to === DEAL_STATE.done ? 'release' : t.to === DEAL_STATE.cancelled ? 'return' : 'none';
      expect(t.escrow).toBe(expected);
    }
  });

  it('names the parties', () => {
    const deal = { buyer_id: 5, seller_id: 7 };
    expect(roleOf(deal, 5)).toBe('buyer');
    expect(roleOf(deal, 7)).toBe('seller');
    expect(roleOf(deal, 9)).toBeNull();
  });
});
