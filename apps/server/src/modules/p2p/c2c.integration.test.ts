/**
 * The C2C calls over the real app: a full deal with exact amounts, the posting and taking checks
 * (997 / 996 / 998, bad input changing nothing), cancel returning escrow to the ad, the daily cancel
 * limit, parties only, and the timers (auto-cancel, auto-withdraw) through runDueJobs on the manual
 * clock, including after a restart. Every app ends with the ledger check.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, describeEachDb, persistentDb, startTestApp } from '../../../test/harness';
import { runDueJobs } from '../scheduler/scheduler';
import { C2C_TERMS } from './config';
import { U, call, escrow, lastAdOf, legal, post, ready, sellAd, type Party } from './test-helpers';

describeEachDb('c2c calls', (getApp) => {
  let a: Party;
  let b: Party;
  let c: Party;
  beforeAll(async () => {
    const t = getApp();
    a = await ready(t, 'demo1@oryx.local');
    b = await ready(t, 'demo2@oryx.local');
    c = await ready(t, 'seller@oryx.local', { verified: false });
  });

  it('posts, lists, takes, pays and confirms with exact amounts', async () => {
    const t = getApp();
    const [a0, b0, e0] = [await legal(t, a.id), await legal(t, b.id), await escrow(t)];
    expect((await post(t, a, sellAd)).body).toMatchObject({ type: 'ok' });
    const adId = await lastAdOf(t, a);
    expect(await legal(t, a.id)).toBe(a0 - 2n * U);
    const list = await t.call('GET', '/api/c2c_deal_platform', { type: 'sell', page: '1' });
    expect(list.body.message.data[0]).toMatchObject({
      id: adId,
      price: '7.10',
      surplus_number: '2.00000000',
      way: 'bank',
    });

    const taken = await call(t, b, '/api/c2c/do_legal_deal', adId);
    expect(taken.body.type).toBe('ok');
    const dealId = taken.body.message.data.id as number;
    const seen = await t.call('GET', '/api/c2c_deal', { id: String(dealId) }, { token: b.token });
    expect(seen.body.message).toMatchObject({
      type: 'sell',
      my_side: 'buy',
      is_sure: 0,
      deal_money: '14.20',
      number: '2.00000000',
    });
    expect(seen.body.message.sell_cash_info.bank_account).toBe(`62220${a.id}`);
    expect(seen.body.message.expires_at).toBe(t.clock.now() + C2C_TERMS.payWindowMs);
    expect((await t.call('GET', '/api/c2c_deal', { id: String(dealId) }, { token: c.token })).body.type).toBe(
      'error',
    );

    expect((await call(t, a, '/api/c2c/user_legal_pay', dealId)).body.type).toBe('error'); // the seller cannot pay
    expect((await call(t, b, '/api/c2c/legal_deal_sure', dealId)).body.type).toBe('error'); // nor the buyer confirm
    expect((await call(t, b, '/api/c2c/user_legal_pay', dealId)).body.type).toBe('ok');
    expect((await call(t, b, '/api/c2c/user_legal_pay_cancel', dealId)).body.type).toBe('error'); // paid
    expect((await call(t, a, '/api/c2c/legal_deal_sure', dealId)).body.type).toBe('ok');
    expect(await legal(t, b.id)).toBe(b0 + 2n * U);
    expect(await legal(t, a.id)).toBe(a0 - 2n * U);
    expect(await escrow(t)).toBe(e0);
    const mine = await t.call('GET', '/api/c2c_user_deal', { page: '1' }, { token: b.token });
    expect(mine.body.message.data[0]).toMatchObject({ id: dealId, is_sure: 1, type: 'sell', my_side: 'buy' });
    const records = await t.call(
      'GET',
      '/api/c2c_seller_deal',
      { currency_id: '1', page: '1' },
      { token: a.token },
    );
    expect(records.body.message.data[0]).toMatchObject({
      id: dealId,
      type: 'sell',
      number: '2.00000000',
      deal_money: '14.20',
    });
    expect(records.body.message.total).toBe(1);
  });

  it('refuses bad input, missing details and own ads, holding nothing', async () => {
    const t = getApp();
    const [a0, e0] = [await legal(t, a.id), await escrow(t)];
    for (const bad of [
      { total_number: '0' },
      { total_number: '-1' },
      { total_number: '1e3' },
      { total_number: '10000000000' },
      { price: '0' },
      { way: 'cash' },
      { coin_code: 'EUR' },
      { currency_id: 999 },
    ]) {
      const r = await post(t, a, { ...sellAd, ...bad });
      expect(r.body.type, JSON.stringify(bad)).toBe('error');
    }
    expect((await post(t, a, { ...sellAd, password: 'wrong' })).body.type).toBe('error');
    const noCash = await ready(t, 'admin@oryx.local', { cash: false });
    expect((await post(t, noCash, sellAd)).body.type).toBe('997');
    expect(await legal(t, a.id)).toBe(a0);
    expect(await escrow(t)).toBe(e0);

    await post(t, a, sellAd);
    const adId = await lastAdOf(t, a);
    expect((await call(t, a, '/api/c2c/do_legal_deal', adId)).body.type).toBe('error');
    expect((await call(t, c, '/api/c2c/do_legal_deal', adId)).body.type).toBe('998');
    expect((await call(t, b, '/api/c2c/back_send', adId)).body.type).toBe('error');
    expect((await call(t, a, '/api/c2c/back_send', adId)).body.type).toBe('ok');
    expect(await legal(t, a.id)).toBe(a0);
  });

  it('returns a cancelled deal to the ad and limits cancels to 3 a day', async () => {
    const t = getApp();
    await post(t, a, sellAd);
    const adId = await lastAdOf(t, a);
    const e0 = await escrow(t);
    for (let i = 0; i < C2C_TERMS.cancelsPerDay; i++) {
      const dealId = (await call(t, b, '/api/c2c/do_legal_deal', adId)).body.message.data.id as number;
      expect((await call(t, b, '/api/c2c/do_legal_deal', adId)).body.type).toBe('error'); // one open deal
      expect((await call(t, a, '/api/c2c/back_send', adId)).body.type).toBe('error'); // in progress
      expect((await call(t, b, '/api/c2c/user_legal_pay_cancel', dealId)).body.type).toBe('ok');
      expect(await escrow(t)).toBe(e0);
    }
    const dealId = (await call(t, b, '/api/c2c/do_legal_deal', adId)).body.message.data.id as number;
    const refused = await call(t, b, '/api/c2c/user_legal_pay_cancel', dealId);
    expect(refused.body.type).toBe('error');
    // The timer cancels it instead after the window; the ad has its amount back.
    t.clock.advance(C2C_TERMS.payWindowMs);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const seen = await t.call('GET', '/api/c2c_deal', { id: String(dealId) }, { token: b.token });
    expect(seen.body.message.is_sure).toBe(2);
    const ads = await t.call('GET', '/api/c2c/seller_trade', { page: '1' }, { token: a.token });
    expect(ads.body.message.data[0]).toMatchObject({ id: adId, surplus_number: '2.00000000' });
  });

  it('withdraws an ad nobody finished after 24 hours, returning its escrow', async () => {
    const t = getApp();
    t.clock.advance(C2C_TERMS.adLifetimeMs); // earlier tests' ads expire first
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const a0 = await legal(t, a.id);
    await post(t, a, sellAd);
    const adId = await lastAdOf(t, a);
    t.clock.advance(C2C_TERMS.adLifetimeMs - 1);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    expect(await legal(t, a.id)).toBe(a0 - 2n * U);
    t.clock.advance(1);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    expect(await legal(t, a.id)).toBe(a0);
    const ads = await t.call('GET', '/api/c2c/seller_trade', { page: '1' }, { token: a.token });
    expect(ads.body.message.data[0]).toMatchObject({ id: adId, status: 2 });
  });
});

describeEachDb('c2c appeals', (getApp) => {
  it('freezes an appealed deal until the operator releases or returns it', async () => {
    const t = getApp();
    const a = await ready(t, 'demo1@oryx.local');
    const b = await ready(t, 'demo2@oryx.local');
    const admin = { id: await t.userId('admin@oryx.local'), token: await t.tokenFor('admin@oryx.local') };
    const [a0, b0, e0] = [await legal(t, a.id), await legal(t, b.id), await escrow(t)];
    await post(t, a, sellAd);
    const adId = await lastAdOf(t, a);
    const open = async () => {
      const id = (await call(t, b, '/api/c2c/do_legal_deal', adId)).body.message.data.id as number;
      await call(t, b, '/api/c2c/user_legal_pay', id);
      return id;
    };
    const appeal = (p: Party, id: number) =>
      t.call('POST', '/api/c2c/arbitrate', { id, note: 'not received' }, { token: p.token });
    const decide = (p: Party, id: number, result: string) =>
      t.call(
        'POST',
        '/api/admin/p2p/decide',
        { id, result, reason: 'bank statement checked' },
        { token: p.token },
      );

    const first = await open();
    expect((await appeal(a, first)).body.type).toBe('ok');
    expect((await appeal(b, first)).body.type).toBe('error'); // already frozen
    expect((await call(t, a, '/api/c2c/legal_deal_sure', first)).body.type).toBe('error');
    expect((await decide(b, first, 'release')).body.type).not.toBe('ok');
    const returned = await decide(admin, first, 'return');
    expect(returned.body.message).toEqual({ id: first, is_sure: 2, four_eyes_pending: false });
    expect((await decide(admin, first, 'release')).body.type).toBe('error'); // decided once
    expect(await escrow(t)).toBe(e0 + 2n * U); // back with the reopened ad

    const second = await open();
    expect((await appeal(b, second)).body.type).toBe('ok');
    expect((await decide(admin, second, 'release')).body.message).toEqual({
      id: second,
      is_sure: 1,
      four_eyes_pending: false,
    });
    expect(await legal(t, b.id)).toBe(b0 + 2n * U);
    expect(await legal(t, a.id)).toBe(a0 - 2n * U);
    expect(await escrow(t)).toBe(e0);
    const row = await t.app.ctx.db
      .selectFrom('p2p_appeals')
      .selectAll()
      .where('deal_id', '=', second)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: b.id,
      note: 'not received',
      result: 'release',
      reason: 'bank statement checked',
      decided_by: admin.id,
    });
  });
});

describeEachDb('c2c concurrent takes', (getApp) => {
  it('sells the ad once when several users take it at the same time', async () => {
    const t = getApp();
    const a = await ready(t, 'demo1@oryx.local');
    const takers = [
      await ready(t, 'demo2@oryx.local'),
      await ready(t, 'seller@oryx.local'),
      await ready(t, 'admin@oryx.local'),
    ];
    const e0 = await escrow(t);
    await post(t, a, sellAd);
    const adId = await lastAdOf(t, a);
    const replies = await Promise.all(takers.map((p) => call(t, p, '/api/c2c/do_legal_deal', adId)));
    expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    const deals = await t.app.ctx.db.selectFrom('p2p_deals').selectAll().where('ad_id', '=', adId).execute();
    expect(deals).toHaveLength(1);
    expect(deals[0]!.number_minor).toBe(2n * U);
    const ad = await t.app.ctx.db
      .selectFrom('p2p_ads')
      .selectAll()
      .where('id', '=', adId)
      .executeTakeFirstOrThrow();
    expect(ad.surplus_minor).toBe(0n);
    expect(await escrow(t)).toBe(e0 + 2n * U);
  });
});

describe('c2c timers after a restart', () => {
  for (const kind of DB_KINDS) {
    it(`cancels an overdue unpaid deal once the app is back [${kind}]`, async () => {
      const store = await persistentDb(kind);
      try {
        const env = { DATABASE_URL: store.url };
        let t = await startTestApp(kind, { env });
        const a = await ready(t, 'demo1@oryx.local');
        const b = await ready(t, 'demo2@oryx.local');
        await post(t, a, sellAd);
        const adId = await lastAdOf(t, a);
        const dealId = (await call(t, b, '/api/c2c/do_legal_deal', adId)).body.message.data.id as number;
        const clock = t.clock;
        await t.close();
        clock.advance(C2C_TERMS.payWindowMs + 3600_000);
        t = await startTestApp(kind, { env, clock });
        await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
        const deal = await t.app.ctx.db
          .selectFrom('p2p_deals')
          .selectAll()
          .where('id', '=', dealId)
          .executeTakeFirstOrThrow();
        expect(deal).toMatchObject({ is_sure: 2, ended_at: deal.created_at + C2C_TERMS.payWindowMs });
        await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
        const ad = await t.app.ctx.db
          .selectFrom('p2p_ads')
          .selectAll()
          .where('id', '=', adId)
          .executeTakeFirstOrThrow();
        expect(ad.surplus_minor).toBe(2n * U);
        await t.close();
      } finally {
        await store.drop();
      }
    });
  }
});
