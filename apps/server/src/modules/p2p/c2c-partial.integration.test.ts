/**
 * C2C ads taken in parts: the poster sets per-deal limits (fiat money) and may shorten the payment
 * window; a take names an amount within the limits, or none (as the specification's clients send it)
 * and takes what is left. Escrow stays exact through partial deals; the ledger check runs after each test.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { expectLedgerBalanced } from '../ledger/check';
import { runDueJobs } from '../scheduler/scheduler';
import { U, call, escrow, lastAdOf, legal, post, ready, sellAd, type Party } from './test-helpers';

describeEachDb('c2c partial takes', (getApp) => {
  let a: Party;
  let b: Party;
  let c: Party;
  beforeAll(async () => {
    const t = getApp();
    a = await ready(t, 'demo1@oryx.local');
    b = await ready(t, 'demo2@oryx.local');
    c = await ready(t, 'seller@oryx.local');
  });
  afterEach(async () => {
    await expectLedgerBalanced(getApp().app.ctx.db);
  });

  it('takes parts within the limits, then what is left without an amount', async () => {
    const t = getApp();
    const e0 = await escrow(t);
    // 10 coins at 7.00: 70 CNY, 10 to 35 CNY a deal, 30 minutes to pay.
    const ad = { ...sellAd, price: '7.00', total_number: '10', min_number: '10', max_number: '35' };
    expect((await post(t, a, { ...ad, pay_window: '30' })).body.type).toBe('ok');
    const adId = await lastAdOf(t, a);
    const listed = await t.call('GET', '/api/c2c_deal_platform', { type: 'sell', page: '1' });
    expect(listed.body.message.data.find((r: { id: number }) => r.id === adId)).toMatchObject({
      limitation: { min: '10.00', max: '35.00' },
      pay_window: 30,
      surplus_number: '10.00000000',
    });
    const take = (p: Party, body: Record<string, unknown>) =>
      t.call(
        'POST',
        '/api/c2c/do_legal_deal',
        { id: adId, password: 'trade-pw-1', ...body },
        { token: p.token },
      );
    for (const [body, code] of [
      [{ means: 'money', value: '9.99' }, 'SHOP_BELOW_MIN'],
      [{ means: 'money', value: '35.01' }, 'SHOP_ABOVE_MAX'],
      [{ means: 'number', value: '6' }, 'SHOP_ABOVE_MAX'],
      [{ means: 'weight', value: '1' }, 'SHOP_MEANS_UNKNOWN'],
      [{ means: 'number', value: '1e0' }, 'P2P_INPUT_INVALID'],
    ] as const) {
      expect((await take(b, body)).body.code, JSON.stringify(body)).toBe(code);
    }
    const first = await take(b, { means: 'money', value: '20' });
    expect(first.body.type).toBe('ok');
    const d1 = first.body.message.data.id as number;
    const seen = await t.call('GET', '/api/c2c_deal', { id: String(d1) }, { token: b.token });
    expect(seen.body.message).toMatchObject({ number: '2.85714285', deal_money: '20.00' });
    expect(seen.body.message.expires_at).toBe(t.clock.now() + 30 * 60_000);
    const second = await take(c, { means: 'number', value: '5' }); // 35 CNY, the maximum
    expect(second.body.type).toBe('ok');
    // Both deals run side by side on the one ad; the first finishes.
    expect((await call(t, b, '/api/c2c/user_legal_pay', d1)).body.type).toBe('ok');
    expect((await call(t, a, '/api/c2c/legal_deal_sure', d1)).body.type).toBe('ok');
    expect(await escrow(t)).toBe(e0 + 10n * U - 285_714_285n);
    // The second deal's buyer never pays: 30 minutes on, it cancels and the coins return to the ad.
    t.clock.advance(30 * 60_000);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const mine = await t.call('GET', '/api/c2c/seller_trade', { page: '1' }, { token: a.token });
    expect(mine.body.message.data[0]).toMatchObject({ id: adId, surplus_number: '7.14285715' });
    // No amount: what is left is worth more than the maximum, so the maximum's worth is taken.
    const whole = await take(c, {});
    const d3 = whole.body.message.data.id as number;
    const third = await t.call('GET', '/api/c2c_deal', { id: String(d3) }, { token: c.token });
    expect(third.body.message).toMatchObject({ number: '5.00000000', deal_money: '35.00' });
    expect((await call(t, c, '/api/c2c/user_legal_pay_cancel', d3)).body.type).toBe('ok');
    expect((await call(t, a, '/api/c2c/back_send', adId)).body.type).toBe('ok');
    expect(await escrow(t)).toBe(e0);
  });

  it('takes everything left without an amount, even below the minimum, and keeps the default window', async () => {
    const t = getApp();
    const [a0, b0] = [await legal(t, a.id), await legal(t, b.id)];
    const ad = { ...sellAd, price: '7.00', total_number: '3', min_number: '10' };
    expect((await post(t, a, ad)).body.type).toBe('ok');
    const adId = await lastAdOf(t, a);
    const first = await t.call(
      'POST',
      '/api/c2c/do_legal_deal',
      { id: adId, password: 'trade-pw-1', means: 'money', value: '14' },
      { token: b.token },
    );
    const d1 = first.body.message.data.id as number;
    expect((await call(t, b, '/api/c2c/user_legal_pay', d1)).body.type).toBe('ok');
    expect((await call(t, a, '/api/c2c/legal_deal_sure', d1)).body.type).toBe('ok');
    // One coin left (7 CNY, under the 10 CNY minimum): a take with no amount takes it.
    const rest = await call(t, b, '/api/c2c/do_legal_deal', adId);
    expect(rest.body.type).toBe('ok');
    const d2 = rest.body.message.data.id as number;
    const seen = await t.call('GET', '/api/c2c_deal', { id: String(d2) }, { token: b.token });
    expect(seen.body.message).toMatchObject({ number: '1.00000000', deal_money: '7.00' });
    expect(seen.body.message.expires_at).toBe(t.clock.now() + 24 * 3600_000);
    expect((await call(t, b, '/api/c2c/user_legal_pay', d2)).body.type).toBe('ok');
    expect((await call(t, a, '/api/c2c/legal_deal_sure', d2)).body.type).toBe('ok');
    expect([await legal(t, a.id), await legal(t, b.id)]).toEqual([a0 - 3n * U, b0 + 3n * U]);
    const mine = await t.call('GET', '/api/c2c/seller_trade', { page: '1' }, { token: a.token });
    expect(mine.body.message.data[0]).toMatchObject({ id: adId, status: 1 });
  });

  it('refuses a payment window outside 15 minutes to 24 hours and limits beyond the ad, posting nothing', async () => {
    const t = getApp();
    const a0 = await legal(t, a.id);
    for (const bad of [
      { pay_window: '14' },
      { pay_window: '1441' },
      { pay_window: '30.5' },
      { min_number: '20', max_number: '10' },
      { max_number: '14.21' }, // the ad is worth 14.20
    ]) {
      expect((await post(t, a, { ...sellAd, ...bad })).body.type, JSON.stringify(bad)).toBe('error');
    }
    expect(await legal(t, a.id)).toBe(a0);
    expect((await post(t, a, { ...sellAd, pay_window: 15 })).body.type).toBe('ok');
    const mine = await t.call('GET', '/api/c2c/seller_trade', { page: '1' }, { token: a.token });
    expect(mine.body.message.data[0]).toMatchObject({
      pay_window: 15,
      limitation: { min: '0.00', max: '14.20' },
    });
    expect((await call(t, a, '/api/c2c/back_send', mine.body.message.data[0].id as number)).body.type).toBe(
      'ok',
    );
  });

  it('trades by bank with bank details only; another way needs its own details (997)', async () => {
    const t = getApp();
    const db = t.app.ctx.db;
    await db
      .updateTable('user_cash_info')
      .set({ alipay_account: '', wechat_account: '' })
      .where('user_id', '=', c.id)
      .execute();
    const a0 = await legal(t, c.id);
    expect((await post(t, c, { ...sellAd, way: 'ali_pay' })).body.type).toBe('997');
    expect(await legal(t, c.id)).toBe(a0);
    expect((await post(t, c, sellAd)).body.type).toBe('ok'); // by bank
    const mine = await lastAdOf(t, c);
    expect((await call(t, c, '/api/c2c/back_send', mine)).body.type).toBe('ok');
    // Taking a buy ad sells to its owner, who pays by the ad's way: the taker needs that way's details.
    expect((await post(t, a, { ...sellAd, type: 'buy', way: 'we_chat' })).body.type).toBe('ok');
    const weChatAd = await lastAdOf(t, a);
    expect((await call(t, c, '/api/c2c/do_legal_deal', weChatAd)).body.type).toBe('997');
    expect((await post(t, a, { ...sellAd, type: 'buy' })).body.type).toBe('ok');
    const bankAd = await lastAdOf(t, a);
    const taken = await call(t, c, '/api/c2c/do_legal_deal', bankAd);
    expect(taken.body.type).toBe('ok');
    expect(
      (await call(t, a, '/api/c2c/user_legal_pay_cancel', taken.body.message.data.id as number)).body.type,
    ).toBe('ok');
    for (const id of [weChatAd, bankAd])
      expect((await call(t, a, '/api/c2c/back_send', id)).body.type).toBe('ok');
  });
});
