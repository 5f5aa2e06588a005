/**
 * The spot replies as clients of this API family read them: `coin/trade` toasts a string `message`,
 * `transaction/deal` and `market_depth` list asks highest first (best ask last), `complete[].time` is the
 * Asia/Shanghai `YYYY-MM-DD HH:MM:SS` string and `complete[].way` the taker's side (1 buy, 2 sell),
 * `coin/list` labels rows by `status` alone, and `transaction/entrust` answers one entrust tab of the
 * session's own orders as `data[]`.
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import type { RecordingRealtime } from '../../realtime/realtime';

const ETH = 3;

function trader(t: TestApp, token: string) {
  return {
    place: (body: Record<string, unknown>) =>
      t.call('POST', '/api/coin/trade', { legal_id: 1, currency_id: ETH, ...body }, { token }),
    cancel: (id: unknown) => t.call('PUT', '/api/coin/trade', { id }, { token }),
    list: () => t.call('GET', '/api/coin/list', undefined, { token }),
  };
}

const descending = (prices: string[]) => prices.every((p, i) => i === 0 || Number(prices[i - 1]) > Number(p));

describeEachDb('spot wire shapes', (getApp) => {
  it('place and cancel answer a sentence in `message` (in the caller’s language) and the order in `order`', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor('demo1@oryx.local'));
    const placed = await a.place({ type: 2, target_price: '9100', amount: '0.01' });
    expect(placed.body).toMatchObject({
      type: 'ok',
      message: 'Order placed',
      order: { state: 'open', status: 1 },
    });
    const zh = await t.call(
      'PUT',
      '/api/coin/trade',
      { id: placed.body.order.id },
      { token: await t.tokenFor('demo1@oryx.local'), headers: { 'x-locale': 'zh' } },
    );
    expect(zh.body.type).toBe('ok');
    expect(typeof zh.body.message).toBe('string');
    expect(zh.body.message).not.toBe('Order revoked');
    expect(zh.body.order).toMatchObject({ id: placed.body.order.id, state: 'cancelled' });
    // A refusal is still the envelope with a string message.
    const refused = await a.cancel(placed.body.order.id);
    expect(refused.body).toMatchObject({ type: 'error', code: 'SPOT_ORDER_NOT_OPEN' });
    expect(typeof refused.body.message).toBe('string');
  });

  it('lists asks highest first with the best ask last, in the deal call and in market_depth pushes', async () => {
    const t = getApp();
    const sent = (t.app.ctx.realtime as RecordingRealtime).sent;
    const a = trader(t, await t.tokenFor('demo1@oryx.local'));
    await t.elapse(1_000);
    sent.length = 0;
    const ids: number[] = [];
    for (const price of ['9300', '9200', '9400']) {
      ids.push((await a.place({ type: 2, target_price: price, amount: '0.01' })).body.order.id);
    }
    await t.elapse(500);
    const deal = (await t.call('POST', '/api/transaction/deal', { legal_id: 1, currency_id: ETH })).body
      .message;
    const out = deal.out.map((l: { price: string }) => l.price);
    expect(out.length).toBeGreaterThanOrEqual(3);
    expect(descending(out)).toBe(true);
    expect(descending(deal.in.map((l: { price: string }) => l.price))).toBe(true); // bids: best first
    expect(Number(out.at(-1))).toBeLessThanOrEqual(9200);
    const depth = sent.filter((e) => e.event === 'market_depth').at(-1)!.payload as {
      asks: [string, string][];
      bids: [string, string][];
    };
    const asks = depth.asks.map(([p]) => p);
    expect(descending(asks)).toBe(true);
    expect(asks.at(-1)).toBe(out.at(-1));
    expect(descending(depth.bids.map(([p]) => p))).toBe(true);
    for (const id of ids) expect((await a.cancel(id)).body.type).toBe('ok');
  });

  it('sends trade times as the Asia/Shanghai "YYYY-MM-DD HH:MM:SS" string in `time` and `create_time`', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor('demo1@oryx.local'));
    const b = trader(t, await t.tokenFor('demo2@oryx.local'));
    await a.place({ type: 2, target_price: '3999', amount: '0.01' });
    const taken = await b.place({ type: 1, target_price: '3999', amount: '0.01' });
    expect(taken.body.order.state).toBe('filled');
    const deal = (await t.call('POST', '/api/transaction/deal', { legal_id: 1, currency_id: ETH })).body
      .message;
    const shanghai = new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(deal.complete[0]).toMatchObject({ price: '3999.00', time: shanghai, create_time: shanghai });
    expect(deal.complete[0].time.slice(-8)).toBe(shanghai.slice(11));
  });

  it('labels orders by status alone: 1 open, 2 filled, 3 cancelled (with or without fills)', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor('demo1@oryx.local'));
    const b = trader(t, await t.tokenFor('demo2@oryx.local'));
    const untouched = (await a.place({ type: 2, target_price: '9500', amount: '0.01' })).body.order;
    const partial = (await a.place({ type: 2, target_price: '4001', amount: '0.02' })).body.order;
    const filler = (await b.place({ type: 1, target_price: '4001', amount: '0.01' })).body.order;
    expect(filler.state).toBe('filled');
    const cancelled = (await a.cancel(untouched.id)).body.order;
    const cancelledPartly = (await a.cancel(partial.id)).body.order;
    expect(cancelled).toMatchObject({ status: 3, state: 'cancelled', deal_amount: '0.00000000' });
    expect(cancelledPartly).toMatchObject({ status: 3, state: 'cancelled', deal_amount: '0.01000000' });
    const open = (await a.place({ type: 2, target_price: '9600', amount: '0.01' })).body.order;
    const mine = (await a.list()).body.message as { id: number; status: number }[];
    const statusOf = (id: number) => mine.find((o) => o.id === id)?.status;
    expect(statusOf(untouched.id)).toBe(3);
    expect(statusOf(partial.id)).toBe(3);
    expect(statusOf(open.id)).toBe(1);
    const theirs = (await b.list()).body.message as { id: number; status: number }[];
    expect(theirs.find((o) => o.id === filler.id)?.status).toBe(2);
    // The done tab (status=2) still holds every finished order, each labelled as above.
    const done = (
      await t.call('GET', '/api/coin/list', { status: '2' }, { token: await t.tokenFor('demo1@oryx.local') })
    ).body.message as { id: number; status: number }[];
    expect(done.find((o) => o.id === untouched.id)?.status).toBe(3);
    expect((await a.cancel(open.id)).body.type).toBe('ok');
  });

  it('gives each latest trade its taker side as `way`: 1 buy, 2 sell, beside `direction`', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor('demo1@oryx.local'));
    const b = trader(t, await t.tokenFor('demo2@oryx.local'));
    await a.place({ type: 2, target_price: '3998', amount: '0.01' });
    expect((await b.place({ type: 1, target_price: '3998', amount: '0.01' })).body.order.state).toBe(
      'filled',
    );
    await b.place({ type: 1, target_price: '3997', amount: '0.01' });
    expect((await a.place({ type: 2, target_price: '3997', amount: '0.01' })).body.order.state).toBe(
      'filled',
    );
    const deal = (await t.call('POST', '/api/transaction/deal', { legal_id: 1, currency_id: ETH })).body
      .message;
    // Newest first: the sell taker at 3997, then the buy taker at 3998.
    expect(deal.complete[0]).toMatchObject({ price: '3997.00', direction: 'sell', way: 2 });
    expect(deal.complete[1]).toMatchObject({ price: '3998.00', direction: 'buy', way: 1 });
    for (const row of deal.complete as { direction: string; way: number }[]) {
      expect(row.way).toBe(row.direction === 'buy' ? 1 : 2);
    }
  });

  it('answers transaction/entrust with one tab of the caller’s own orders as data[], whatever address is sent', async () => {
    const t = getApp();
    const tokenA = await t.tokenFor('demo1@oryx.local');
    const tokenB = await t.tokenFor('demo2@oryx.local');
    const a = trader(t, tokenA);
    const b = trader(t, tokenB);
    const sell = (await a.place({ type: 2, target_price: '9700', amount: '0.01' })).body.order;
    const buy = (await a.place({ type: 1, target_price: '3001', amount: '0.01' })).body.order;
    const theirs = (await b.place({ type: 2, target_price: '9800', amount: '0.02' })).body.order;
    const entrust = (
      body: Record<string, unknown> | undefined,
      token = tokenA,
      method: 'POST' | 'GET' = 'POST',
    ) => t.call(method, '/api/transaction/entrust', body, { token });

    // The client's call: {address, type: 'out', page}; the address names someone else and is ignored.
    const out = await entrust({ address: String(await t.userId('demo2@oryx.local')), type: 'out', page: 1 });
    expect(out.body.type).toBe('ok');
    const page = out.body.message;
    expect(page).toMatchObject({ current_page: 1, per_page: 10 });
    expect(page.total).toBe(page.data.length);
    const ids = page.data.map((r: { order_id: number }) => r.order_id);
    expect(ids).toContain(sell.id);
    expect(ids).not.toContain(buy.id);
    expect(ids).not.toContain(theirs.id);
    expect(page.data.find((r: { order_id: number }) => r.order_id === sell.id)).toMatchObject({
      type: 'out',
      price: '9700.00000000',
      number: '0.01000000',
      legal_name: 'USDT',
      currency_name: 'ETH',
      account_number: 'demo1@oryx.local',
    });
    // The same rows as the selling tab's call.
    const tab = (await t.call('POST', '/api/transaction_out', { page: 1 }, { token: tokenA })).body.message;
    expect(page.data).toEqual(tab.list);

    // No parameters (GET loses them): the selling tab; `in` and 1 name the buying tab.
    expect((await entrust(undefined, tokenA, 'GET')).body.message.data).toEqual(page.data);
    for (const type of ['in', 1, 'buy']) {
      const rows = (await entrust({ type })).body.message.data as { order_id: number; type: string }[];
      expect(rows.map((r) => r.order_id)).toContain(buy.id);
      expect(rows.every((r) => r.type === 'in')).toBe(true);
    }
    // The completed tab: the caller's trades only.
    const done = (await entrust({ type: 'complete' })).body.message;
    const doneTab = (await t.call('POST', '/api/transaction_complete', { page: 1 }, { token: tokenA })).body
      .message;
    expect(done.data).toEqual(doneTab.list);
    // Someone else sees only their own.
    const bOut = (await entrust({ type: 'out' }, tokenB)).body.message.data as { order_id: number }[];
    expect(bOut.map((r) => r.order_id)).toContain(theirs.id);
    expect(bOut.map((r) => r.order_id)).not.toContain(sell.id);

    // Refusals: no session, an unknown tab.
    expect((await t.call('POST', '/api/transaction/entrust', { type: 'out' })).body.type).toBe('999');
    expect((await entrust({ type: 'everything' })).body).toMatchObject({ type: 'error', code: 'VALIDATION' });
    for (const o of [sell, buy]) expect((await a.cancel(o.id)).body.type).toBe('ok');
    expect((await b.cancel(theirs.id)).body.type).toBe('ok');
  });
});
