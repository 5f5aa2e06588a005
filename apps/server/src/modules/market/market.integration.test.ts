import { expect, it } from 'vitest';
import type { RecordingRealtime } from '../../realtime/realtime';
import { describeEachDb } from '../../../test/harness';
import { DAYMARKET_MIN_INTERVAL_MS, getTicker, updateTicker } from './tickers';

const DEC = /^\d+(?:\.\d+)?$/;
const QUOTATION_FIELDS = [
  'id',
  'legal_id',
  'legal_name',
  'currency_id',
  'currency_name',
  'symbol',
  'now_price',
  'change',
  'volume',
  'high',
  'low',
  'is_display',
  'open_coin_trade',
  'open_lever',
  'open_microtrade',
  'lever_share_num',
  'lever_trade_fee',
  'spread',
  'rmb_relation',
  'added',
  'price_decimals',
  'amount_decimals',
].sort();

describeEachDb('market: quotations, currencies, favourites, tickers', (getApp) => {
  it('groups displayed markets by quote currency with every quotation field', async () => {
    const t = getApp();
    const res = await t.call('GET', '/api/currency/quotation_new?_timespan=1');
    expect(res.body.type).toBe('ok');
    const groups = res.body.message;
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['USDT']);
    const usdt = groups[0];
    expect(usdt).toMatchObject({ id: 1, name: 'USDT', fiat_convert_cny: '6.9641', rmb_relation: '6.9641' });
    expect(usdt.quotation.length).toBe(7);
    for (const q of usdt.quotation) {
      expect(Object.keys(q).sort()).toEqual(QUOTATION_FIELDS);
      for (const f of [
        'now_price',
        'volume',
        'high',
        'low',
        'rmb_relation',
        'lever_share_num',
        'lever_trade_fee',
        'spread',
      ]) {
        expect(q[f]).toMatch(DEC);
      }
      expect(q.change).toMatch(/^[+-]?\d+\.\d\d$/);
      expect(q.added).toBe(false);
      expect(q.legal_name).toBe('USDT');
    }
    const btc = usdt.quotation.find((q: { currency_name: string }) => q.currency_name === 'BTC');
    // Reference price, formatted with the market's price decimals, until spot trades report.
    expect(btc).toMatchObject({
      symbol: 'BTC/USDT',
      now_price: '96000.00',
      change: '0.00',
      volume: '0.00000',
      high: '96000.00',
      low: '96000.00',
    });
    // The CNY rate of the quote currency, as the group's: a client shows now_price x rmb_relation.
    expect(btc.rmb_relation).toBe('6.9641');
    expect(btc.rmb_relation).toBe(usdt.fiat_convert_cny);
    const doge = usdt.quotation.find((q: { currency_name: string }) => q.currency_name === 'DOGE');
    expect(doge.now_price).toBe('0.32000');
  });

  it('lists coins (quotation_new, quotation), currencies and one currency', async () => {
    const t = getApp();
    for (const path of ['/api/quotation_new', '/api/quotation']) {
      const res = await t.call('POST', path, {});
      expect(res.body.type).toBe('ok');
      expect(res.body.message.coin_list[0]).toEqual({
        id: 1,
        name: 'BTC',
        symbol: 'BTC/USDT',
        legal_id: 1,
        legal_name: 'USDT',
        currency_id: 2,
        last_price: expect.stringMatching(DEC),
        proportion: expect.stringMatching(/^[+-]?\d+\.\d\d$/),
      });
    }
    const list = await t.call('GET', '/api/currency/list');
    expect(list.body.message.legal).toEqual([{ id: 1, name: 'USDT' }]);
    expect(list.body.message.currency.map((c: { name: string }) => c.name)).toContain('BTC');
    const detail = await t.call('GET', '/api/currency/detail', { id: '2' });
    expect(detail.body.message).toMatchObject({ id: 2, name: 'BTC', full_name: 'Bitcoin' });
    expect(detail.body.message.desc.length).toBeGreaterThan(10);
    expect((await t.call('GET', '/api/currency/detail', { id: '999' })).body.type).toBe('error');
    expect((await t.call('GET', '/api/currency/detail')).body.type).toBe('error');
  });

  it('keeps favourites per user: each token sees its own, and quotation_new marks them as added', async () => {
    const t = getApp();
    const a = await t.tokenFor('demo1@oryx.local');
    const b = await t.tokenFor('demo2@oryx.local');
    expect((await t.call('GET', '/api/user_match/list')).body.type).toBe('999');
    expect((await t.call('POST', '/api/user_match/add', { id: 2 })).body.type).toBe('999');

    expect((await t.call('GET', '/api/user_match/list', undefined, { token: a })).body.message.data).toEqual(
      [],
    );
    const added = await t.call('POST', '/api/user_match/add', { id: 2 }, { token: a });
    expect(added.body).toEqual({ type: 'ok', message: 'Added to favourites' });
    // Twice is harmless; form bodies work too.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/user_match/add',
      payload: 'id=5',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: a, 'x-locale': 'zh' },
    });
    expect(form.json()).toEqual({ type: 'ok', message: '已加入自选' });
    await t.call('POST', '/api/user_match/add', { id: 2 }, { token: a });
    await t.call('POST', '/api/user_match/add', { id: 3 }, { token: b });

    const listA = (await t.call('GET', '/api/user_match/list', undefined, { token: a })).body.message.data;
    expect(listA.map((q: { id: number }) => q.id)).toEqual([2, 5]);
    expect(listA.every((q: { added: boolean }) => q.added)).toBe(true);
    const listB = (await t.call('GET', '/api/user_match/list', undefined, { token: b })).body.message.data;
    expect(listB.map((q: { id: number }) => q.id)).toEqual([3]);

    const quotA = (await t.call('GET', '/api/currency/quotation_new', undefined, { token: a })).body
      .message[0].quotation;
    expect(quotA.filter((q: { added: boolean }) => q.added).map((q: { id: number }) => q.id)).toEqual([2, 5]);
    const quotAnon = (await t.call('GET', '/api/currency/quotation_new')).body.message[0].quotation;
    expect(quotAnon.some((q: { added: boolean }) => q.added)).toBe(false);

    expect((await t.call('POST', '/api/user_match/del', { id: 2 }, { token: a })).body.type).toBe('ok');
    expect((await t.call('POST', '/api/user_match/del', { id: 2 }, { token: a })).body.type).toBe('ok');
    expect(
      (await t.call('GET', '/api/user_match/list', undefined, { token: a })).body.message.data.map(
        (q: { id: number }) => q.id,
      ),
    ).toEqual([5]);
    expect(
      (await t.call('GET', '/api/user_match/list', undefined, { token: b })).body.message.data.map(
        (q: { id: number }) => q.id,
      ),
    ).toEqual([3]);

    expect((await t.call('POST', '/api/user_match/add', { id: 999 }, { token: a })).body.type).toBe('error');
    expect((await t.call('POST', '/api/user_match/add', {}, { token: a })).body.type).toBe('error');
  });

  it('feeds tickers from spot: stats, change percent and a daymarket push', async () => {
    const t = getApp();
    const ctx = t.app.ctx;
    const rec = ctx.realtime as RecordingRealtime;
    const before = await getTicker(ctx, 2);
    expect(before).toMatchObject({ last: 340_000_000_000n, changeBps: 0n, volume: 0n, source: 'reference' });

    const sent = rec.sent.length;
    const next = await updateTicker(ctx, 2, {
      last: 346_800_000_000n, // 3468
      open: 340_000_000_000n, // 3400 -> +2.00 %
      high: 350_000_000_000n,
      low: 339_000_000_000n,
      volume: 12_345_600_000n, // 123.456 ETH
    });
    expect(next.changeBps).toBe(200n);
    expect(rec.sent.slice(sent)).toEqual([
      {
        room: '*',
        event: 'daymarket',
        payload: {
          type: 'daymarket',
          legal_id: 1,
          currency_id: 3,
          legal_name: 'USDT',
          currency_name: 'ETH',
          symbol: 'ETH/USDT',
          now_price: '3468.00',
          change: '+2.00',
          volume: '123.4560',
          high: '3500.00',
          low: '3390.00',
        },
      },
    ]);
    const eth = (await t.call('GET', '/api/currency/quotation_new')).body.message[0].quotation.find(
      (q: { id: number }) => q.id === 2,
    );
    expect(eth).toMatchObject({
      now_price: '3468.00',
      change: '+2.00',
      volume: '123.4560',
      high: '3500.00',
      low: '3390.00',
    });

    // A later price only: high / low widen, change follows, the push waits out the throttle interval.
    const down = await updateTicker(ctx, 2, { last: 331_500_000_000n });
    expect(down).toMatchObject({ low: 331_500_000_000n, high: 350_000_000_000n, changeBps: -250n });
    const daymarkets = () => rec.sent.filter((s) => s.event === 'daymarket');
    const pushed = daymarkets().length;
    t.clock.advance(DAYMARKET_MIN_INTERVAL_MS - 1);
    expect(daymarkets()).toHaveLength(pushed);
    t.clock.advance(1);
    expect(daymarkets()).toHaveLength(pushed + 1);
    const last = daymarkets().at(-1)!.payload as {
      change: string;
      now_price: string;
    };
    expect(last).toMatchObject({ now_price: '3315.00', change: '-2.50' });
    await expect(updateTicker(ctx, 999, { last: 1n })).rejects.toThrow(/unknown market/);
    await expect(updateTicker(ctx, 2, { last: -1n })).rejects.toThrow(RangeError);
  });

  it('lets only an operator set a reference price, which moves a market that has not traded', async () => {
    const t = getApp();
    const rec = t.app.ctx.realtime as RecordingRealtime;
    expect(
      (await t.call('POST', '/api/admin/market/reference_price', { id: 4, price: '2.5' })).body.type,
    ).toBe('999');
    const user = await t.tokenFor('demo1@oryx.local');
    expect(
      (await t.call('POST', '/api/admin/market/reference_price', { id: 4, price: '2.5' }, { token: user }))
        .body.type,
    ).toBe('error');

    const admin = await t.tokenFor('admin@oryx.local');
    const sent = rec.sent.length;
    const res = await t.call(
      'POST',
      '/api/admin/market/reference_price',
      { id: 4, price: '2.53' },
      { token: admin },
    );
    expect(res.body.message).toMatchObject({
      id: 4,
      now_price: '2.5300',
      change: '+10.00',
      high: '2.5300',
      low: '2.3000',
    });
    expect(rec.sent.slice(sent).map((s) => (s.payload as { now_price: string }).now_price)).toEqual([
      '2.5300',
    ]);
    const xrp = (await t.call('GET', '/api/currency/quotation_new')).body.message[0].quotation.find(
      (q: { id: number }) => q.id === 4,
    );
    expect(xrp.now_price).toBe('2.5300');

    for (const price of ['0', '-1', 'abc', '1e3', '1.000000001']) {
      expect(
        (await t.call('POST', '/api/admin/market/reference_price', { id: 4, price }, { token: admin })).body
          .type,
      ).toBe('error');
    }
    expect(
      (await t.call('POST', '/api/admin/market/reference_price', { id: 999, price: '1' }, { token: admin }))
        .body.type,
    ).toBe('error');

    // Once spot reports, trades alone set the price.
    await updateTicker(t.app.ctx, 4, { last: 240_000_000n });
    const after = await t.call(
      'POST',
      '/api/admin/market/reference_price',
      { id: 4, price: '9' },
      { token: admin },
    );
    expect(after.body.message.now_price).toBe('2.4000');
  });
});
