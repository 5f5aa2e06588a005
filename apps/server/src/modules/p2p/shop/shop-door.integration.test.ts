/**
 * The shop door's state table: every deal call by every party in every state is allowed exactly where
 * deal-states.ts allows it, and a refusal changes nothing (state and escrow). Then the payment timer
 * cancels an unpaid shop deal and gives its coins back to the ad. The ledger check runs after each test.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../../test/harness';
import { expectLedgerBalanced } from '../../ledger/check';
import { runDueJobs } from '../../scheduler/scheduler';
import { DEAL_STATE, TRANSITIONS, type DealAction } from '../deal-states';
import { SHOP_TERMS } from './config';
import {
  escrow,
  get,
  lastAdOf,
  openShopFor,
  post,
  ready,
  sellAd,
  type Party,
} from './shop-helpers.test-support';

const CALLS: [string, DealAction][] = [
  ['/api/user_legal_pay', 'pay'],
  ['/api/user_legal_pay_cancel', 'cancel'],
  ['/api/legal_deal_sure', 'confirm'],
  ['/api/legal_deal_user_sure', 'confirm'],
  ['/api/legal/arbitrate', 'appeal'],
];
const STATES = [
  DEAL_STATE.waiting,
  DEAL_STATE.paid,
  DEAL_STATE.done,
  DEAL_STATE.cancelled,
  DEAL_STATE.appeal,
];

describeEachDb('shop door state table', (getApp) => {
  let admin: Party;
  let shop: Party;
  let buyer: Party;
  let stranger: Party;
  let adId: number;
  beforeAll(async () => {
    const t = getApp();
    admin = await ready(t, 'admin@oryx.local');
    shop = await ready(t, 'demo1@oryx.local');
    buyer = await ready(t, 'demo2@oryx.local');
    stranger = await ready(t, 'seller@oryx.local');
    const shopId = await openShopFor(t, admin, 'demo1@oryx.local', '90');
    const body = { ...sellAd, total_number: '80', min_number: '', max_number: '' };
    expect((await post(t, shop, '/api/legal_send', body)).body.type).toBe('ok');
    adId = await lastAdOf(t, shop, shopId);
  });
  afterEach(async () => {
    await expectLedgerBalanced(getApp().app.ctx.db);
  });

  /** A fresh deal of the buyer on the shop's sell ad, moved to `state`. */
  async function dealIn(t: TestApp, state: number): Promise<number> {
    const r = await post(t, buyer, '/api/do_legal_deal', { id: adId, means: 'number', value: '1' });
    const id = r.body.message.data.id as number;
    if (state === DEAL_STATE.waiting) return id;
    await post(t, buyer, '/api/user_legal_pay', { id });
    if (state === DEAL_STATE.done) await post(t, shop, '/api/legal_deal_sure', { id });
    if (state === DEAL_STATE.appeal || state === DEAL_STATE.cancelled) {
      await post(t, buyer, '/api/legal/arbitrate', { id });
    }
    if (state === DEAL_STATE.cancelled)
      await post(t, admin, '/api/admin/p2p/decide', { id, result: 'return', reason: 'no payment' });
    const now = await get(t, buyer, '/api/legal_deal', { id });
    expect(now.body.message.is_sure).toBe(state);
    return id;
  }

  it('allows each call only to its party in its state; a refusal changes nothing', async () => {
    const t = getApp();
    const parties: [string, () => Party][] = [
      ['buyer', () => buyer],
      ['seller', () => shop],
      ['stranger', () => stranger],
    ];
    for (const state of STATES) {
      const shared = await dealIn(t, state);
      for (const [path, action] of CALLS) {
        for (const [role, party] of parties) {
          const tr = TRANSITIONS[action];
          const allowed = role !== 'stranger' && tr.from === state && (tr.actors as string[]).includes(role);
          const id = allowed ? await dealIn(t, state) : shared;
          const e0 = await escrow(t);
          const r = await post(t, party(), path, { id });
          const label = `${path} by ${role} in state ${state}`;
          expect(r.body.type, label).toBe(allowed ? 'ok' : 'error');
          const after = (await t.app.ctx.db
            .selectFrom('p2p_deals')
            .select('is_sure')
            .where('id', '=', id)
            .executeTakeFirstOrThrow())!.is_sure;
          expect(after, label).toBe(allowed ? tr.to : state);
          if (!allowed) expect(await escrow(t), label).toBe(e0);
        }
      }
    }
  });

  it('cancels an unpaid shop deal when its payment window ends', async () => {
    const t = getApp();
    // Earlier tests' unpaid deals expire first.
    t.clock.advance(SHOP_TERMS.payWindowMs + 1000);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const before = (await get(t, buyer, '/api/legal_deal_info', { id: adId })).body.message.surplus_number;
    const id = await dealIn(t, DEAL_STATE.waiting);
    t.clock.advance(SHOP_TERMS.payWindowMs + 1000);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const deal = await get(t, buyer, '/api/legal_deal', { id });
    expect(deal.body.message.is_sure).toBe(DEAL_STATE.cancelled);
    const after = (await get(t, buyer, '/api/legal_deal_info', { id: adId })).body.message.surplus_number;
    expect(after).toBe(before);
  });
});
