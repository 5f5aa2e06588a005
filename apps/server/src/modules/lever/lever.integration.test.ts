/**
 * Lever calls over the real server and database: exact margin, fee, spread and P/L (long and short),
 * close, revoke, batch close by type, set stops, every refusal leaving nothing changed, the pushes and
 * the wallet's refusal while positions are open. Marks are scripted (test-helpers.ts); every app ends
 * with the ledger check.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import {
  A,
  BTC_CURRENCY,
  USDT,
  fees,
  lastOrder,
  lever,
  ok,
  orders,
  pool,
  pushes,
  setMark,
  setup,
  submit,
  type Lc,
} from './test-helpers';

describeEachDb('lever: opening, closing and money', (getApp) => {
  let c: Lc;
  beforeAll(async () => {
    c = await setup(getApp());
  });
  beforeEach(async () => {
    // Every test starts flat.
    await c.t.call('POST', '/api/lever/batch_close', { type: 0 }, { token: c.token });
    setMark(c, '60000');
  });

  it('a market long: open at mark + spread, margin and fee exact, closed with the P/L from the pool', async () => {
    const before = await lever(c);
    const poolBefore = (await pool(c)).availableMinor;
    expect(await ok(c, '/api/lever/submit', { ...bodyOf(), type: 1 })).toBe('Order placed');
    const o = await lastOrder(c);
    // 60000 + 0.05 % = 60030; 2 lots x 0.01 = 0.02 BTC; value 1200.6; margin /10 = 120.06; fee 0.1 % = 1.2006.
    expect([o.status, o.price_minor, o.number_minor, o.margin_minor, o.fee_minor]).toEqual([
      1,
      A('60030'),
      A('0.02'),
      A('120.06'),
      A('1.2006'),
    ]);
    expect(await lever(c)).toEqual({
      availableMinor: before.availableMinor - A('121.2606'),
      frozenMinor: before.frozenMinor + A('120.06'),
    });
    setMark(c, '61000');
    const all = await ok(c, '/api/lever/dealall', { legal_id: USDT, currency_id: BTC_CURRENCY });
    expect(all.order.data[0]).toMatchObject({
      price: '60030',
      update_price: '61000',
      profits: '19.4',
      caution_money: '120.06',
    });
    expect(all.profits_total).toBe('19.4');
    expect(await ok(c, '/api/lever/close', { id: o.id })).toBe('Position closed');
    const closed = await lastOrder(c);
    expect([closed.status, closed.close_price_minor, closed.profits_minor, closed.close_reason]).toEqual([
      3,
      A('61000'),
      A('19.4'),
      'user',
    ]);
    expect(await lever(c)).toEqual({
      availableMinor: before.availableMinor - A('1.2006') + A('19.4'),
      frozenMinor: before.frozenMinor,
    });
    expect((await pool(c)).availableMinor).toBe(poolBefore - A('19.4'));
  });

  it('a market short: open at mark - spread; a loss goes to the pool', async () => {
    const before = await lever(c);
    const poolBefore = (await pool(c)).availableMinor;
    await ok(c, '/api/lever/submit', { ...bodyOf(), type: 2, multiple: 20 });
    const o = await lastOrder(c);
    // 60000 - 30 = 59970; value 1199.4; margin /20 = 59.97; fee 1.1994.
    expect([o.price_minor, o.margin_minor, o.fee_minor]).toEqual([A('59970'), A('59.97'), A('1.1994')]);
    setMark(c, '61000');
    await ok(c, '/api/lever/close', { id: o.id });
    // (59970 - 61000) x 0.02 = -20.6, from the margin.
    expect((await lastOrder(c)).profits_minor).toBe(A('-20.6'));
    expect((await lever(c)).availableMinor).toBe(before.availableMinor - A('1.1994') - A('20.6'));
    expect((await pool(c)).availableMinor).toBe(poolBefore + A('20.6'));
  });

  it('a limit order rests with margin and fee taken; revoking returns both', async () => {
    const before = await lever(c);
    const feesBefore = (await fees(c)).availableMinor;
    expect(
      await ok(c, '/api/lever/submit', { ...bodyOf(), status: 0, target_price: '59000', share: 1 }),
    ).toBe('Limit order placed');
    const o = await lastOrder(c);
    // 59000 + 29.5 = 59029.5; 0.01 BTC: value 590.295, margin 59.0295, fee 0.590295.
    expect([o.status, o.origin_price_minor, o.price_minor, o.margin_minor, o.fee_minor]).toEqual([
      0,
      A('59000'),
      A('59029.5'),
      A('59.0295'),
      A('0.590295'),
    ]);
    const tab0 = await ok(c, '/api/lever/my_trade', { status: 0, legal_id: USDT, currency_id: BTC_CURRENCY });
    expect(tab0.message.data.map((r: { id: number }) => r.id)).toEqual([o.id]);
    expect(tab0.message.data[0]).toMatchObject({ status_name: 'Pending', origin_price: '59000' });
    expect(await ok(c, '/api/lever/cancel', { id: o.id })).toBe('Order revoked');
    expect((await lastOrder(c)).status).toBe(4);
    expect(await lever(c)).toEqual(before);
    expect((await fees(c)).availableMinor).toBe(feesBefore);
    expect(pushes(c, 'lever_closed').at(-1)?.payload).toEqual({ type: 'lever_closed', id: [o.id] });
  });

  it('batch close by type: 1 closes longs only, 2 shorts only, 0 all', async () => {
    await ok(c, '/api/lever/submit', { ...bodyOf(), type: 1 });
    await ok(c, '/api/lever/submit', { ...bodyOf(), type: 2 });
    await ok(c, '/api/lever/submit', { ...bodyOf(), type: 1 });
    const open = () => orders(c).then((os) => os.filter((o) => o.status === 1).map((o) => o.type));
    expect(await open()).toEqual([1, 2, 1]);
    expect(await ok(c, '/api/lever/batch_close', { type: 2 })).toBe('1 positions closed');
    expect(await open()).toEqual([1, 1]);
    await ok(c, '/api/lever/submit', { ...bodyOf(), type: 2 });
    expect(await ok(c, '/api/lever/batch_close', { type: 1 })).toBe('2 positions closed');
    expect(await open()).toEqual([2]);
    await ok(c, '/api/lever/batch_close', { type: 0 });
    expect(await open()).toEqual([]);
    expect((await lever(c)).frozenMinor).toBe(0n);
  });

  it('close, revoke and batch close ignore the trade password: wrong, absent or right, they only give money back', async () => {
    // The field is accepted for old clients and never checked; no wrong password is counted either.
    for (const password of ['wrong-password', undefined, '', 'oryx-demo-1']) {
      const extra = password === undefined ? {} : { password };
      await ok(c, '/api/lever/submit', { ...bodyOf(), type: 1 });
      const open = await lastOrder(c);
      expect(await ok(c, '/api/lever/close', { id: open.id, ...extra })).toBe('Position closed');
      expect((await lastOrder(c)).status).toBe(3);
      await ok(c, '/api/lever/submit', { ...bodyOf(), status: 0, target_price: '59000', share: 1 });
      const pending = await lastOrder(c);
      expect(await ok(c, '/api/lever/cancel', { id: pending.id, ...extra })).toBe('Order revoked');
      expect((await lastOrder(c)).status).toBe(4);
      await ok(c, '/api/lever/submit', { ...bodyOf(), type: 2 });
      expect(await ok(c, '/api/lever/batch_close', { type: 0, ...extra })).toBe('1 positions closed');
    }
    expect((await lever(c)).frozenMinor).toBe(0n);
    // Five wrong passwords above would lock a checked prompt; opening still works with the right one.
    expect(await ok(c, '/api/lever/submit', bodyOf())).toBe('Order placed');
  });

  it('pushes lever_trade with the open positions and the risk rate to the owner', async () => {
    await ok(c, '/api/lever/submit', bodyOf());
    const p = pushes(c, 'lever_trade').at(-1)!;
    expect(p.room).toBe(`user:${c.userId}`);
    const payload = p.payload as Record<string, unknown>;
    expect(payload).toMatchObject({
      type: 'lever_trade',
      legal_id: USDT,
      profits_all: '-0.6',
      trades_entrust: [],
    });
    expect(JSON.parse(payload.trades_all as string)).toHaveLength(1);
    expect(Number(payload.hazard_rate)).toBeGreaterThan(100);
  });

  it('the wallet refuses transfers out of the lever wallet while a position is open', async () => {
    await ok(c, '/api/lever/submit', bodyOf());
    const move = { currency_id: USDT, number: '1', from_field: 'lever', to_field: 'change' };
    const r = await c.t.call('POST', '/api/wallet/change', move, { token: c.token });
    expect(r.body.code).toBe('WALLET_LEVER_POSITIONS_OPEN');
    await ok(c, '/api/lever/batch_close', { type: 0 });
    expect((await c.t.call('POST', '/api/wallet/change', move, { token: c.token })).body.type).toBe('ok');
  });
});

const bodyOf = () => ({
  legal_id: USDT,
  currency_id: BTC_CURRENCY,
  multiple: 10,
  share: 2,
  type: 1,
  status: 1,
  password: 'oryx-demo-1',
});

describeEachDb('lever: refusals change nothing', (getApp) => {
  let c: Lc;
  beforeAll(async () => {
    c = await setup(getApp());
    setMark(c, '60000');
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['fractional lots', { share: '1.5' }, 'LEVER_SHARE_INVALID'],
    ['zero lots', { share: 0 }, 'LEVER_SHARE_INVALID'],
    ['negative lots', { share: -1 }, 'LEVER_SHARE_INVALID'],
    ['lots above the maximum', { share: 101 }, 'LEVER_SHARE_ABOVE_MAX'],
    ['a multiple not offered', { multiple: 7 }, 'LEVER_MULTIPLE_INVALID'],
    ['a multiple liquidated inside the mark’s band', { multiple: 150 }, 'LEVER_MULTIPLE_TOO_HIGH'],
    ['no multiple', { multiple: '' }, 'LEVER_MULTIPLE_INVALID'],
    ['a market without lever', { currency_id: 4 }, 'LEVER_MARKET_CLOSED'],
    ['an unknown market', { currency_id: 999 }, 'LEVER_MARKET_CLOSED'],
    ['type 3', { type: 3 }, 'LEVER_TYPE_INVALID'],
    ['status 2', { status: 2 }, 'LEVER_STATUS_INVALID'],
    ['a limit order without a price', { status: 0, target_price: '' }, 'LEVER_PRICE_INVALID'],
    ['a limit long at the price', { status: 0, target_price: '60000' }, 'LEVER_PRICE_WRONG_SIDE'],
    ['a limit long above the price', { status: 0, target_price: '60100' }, 'LEVER_PRICE_WRONG_SIDE'],
    [
      'a limit short below the price',
      { status: 0, type: 2, target_price: '59000' },
      'LEVER_PRICE_WRONG_SIDE',
    ],
    ['margin above the balance', { share: 100, multiple: 5 }, 'LEVER_INSUFFICIENT'],
    ['a wrong trade password', { password: 'nope' }, 'TRADE_PASSWORD_WRONG'],
    ['no trade password', { password: '' }, 'TRADE_PASSWORD_REQUIRED'],
  ];
  it.each(cases)('%s is refused with a clear error and nothing held', async (_name, patch, code) => {
    const before = await lever(c);
    const r = await submit(c, patch);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(code);
    expect(r.body.message).not.toBe(code);
    expect(await lever(c)).toEqual(before);
    expect(await orders(c)).toEqual([]);
  });

  it('a closed market (open_lever 0) is refused', async () => {
    await c.t.app.ctx.db.updateTable('markets').set({ open_lever: 0 }).where('id', '=', 1).execute();
    expect((await submit(c)).body.code).toBe('LEVER_MARKET_CLOSED');
    await c.t.app.ctx.db.updateTable('markets').set({ open_lever: 1 }).where('id', '=', 1).execute();
  });

  it('another user’s order, the wrong state, a bad batch type and bad stops are refused', async () => {
    await ok(c, '/api/lever/submit', bodyOf());
    const open = await lastOrder(c);
    await ok(c, '/api/lever/submit', { ...bodyOf(), status: 0, target_price: '59000' });
    const pending = await lastOrder(c);
    const before = await orders(c);
    const code = async (path: string, b: Record<string, unknown>, token = c.token) =>
      (await c.t.call('POST', path, b, { token })).body.code;
    expect(await code('/api/lever/close', { id: open.id }, c.token2)).toBe('LEVER_ORDER_NOT_FOUND');
    expect(await code('/api/lever/cancel', { id: pending.id }, c.token2)).toBe('LEVER_ORDER_NOT_FOUND');
    expect(await code('/api/lever/close', { id: 99999 })).toBe('LEVER_ORDER_NOT_FOUND');
    expect(await code('/api/lever/close', { id: pending.id })).toBe('LEVER_ORDER_NOT_OPEN');
    expect(await code('/api/lever/cancel', { id: open.id })).toBe('LEVER_ORDER_NOT_PENDING');
    for (const type of [3, -1, 'x', '']) {
      expect(await code('/api/lever/batch_close', { type })).toBe('LEVER_BATCH_TYPE_INVALID');
    }
    // Long opened at 60030 with the mark at 60000: TP above 60030, SL below 60000.
    const stop = (tp: string, sl: string, token = c.token) =>
      code('/api/lever/setstop', { id: open.id, target_profit_price: tp, stop_loss_price: sl }, token);
    expect(await stop('60030', '59000')).toBe('LEVER_STOP_WRONG_SIDE');
    expect(await stop('61000', '60000')).toBe('LEVER_STOP_WRONG_SIDE');
    expect(await stop('-1', '59000')).toBe('LEVER_STOP_INVALID');
    expect(await stop('0', '0')).toBe('LEVER_STOP_INVALID');
    expect(await stop('61000', '59000', c.token2)).toBe('LEVER_ORDER_NOT_FOUND');
    expect(await orders(c)).toEqual(before);
    // "0" clears one of them: a stop-loss alone is saved (the page sends "0" for an empty take-profit).
    expect(
      await ok(c, '/api/lever/setstop', { id: open.id, target_profit_price: '0', stop_loss_price: '59000' }),
    ).toBe('Take-profit and stop-loss saved');
    const alone = (await orders(c)).find((o) => o.id === open.id)!;
    expect([alone.target_profit_minor, alone.stop_loss_minor]).toEqual([0n, 59000n * 10n ** 8n]);
    expect(
      await ok(c, '/api/lever/setstop', {
        id: open.id,
        target_profit_price: '60030.01',
        stop_loss_price: '59999.99',
      }),
    ).toBe('Take-profit and stop-loss saved');
    await ok(c, '/api/lever/batch_close', { type: 0 });
    await ok(c, '/api/lever/cancel', { id: pending.id });
  });

  it('the deal page shows 8 levels a side of the spot book: bids best first, asks best last', async () => {
    for (let i = 1; i <= 10; i++) {
      const bid = {
        legal_id: USDT,
        currency_id: BTC_CURRENCY,
        type: 1,
        target_price: `${59000 - i}`,
        amount: '0.001',
      };
      const ask = {
        legal_id: USDT,
        currency_id: BTC_CURRENCY,
        type: 2,
        target_price: `${61000 + i}`,
        amount: '0.001',
      };
      await ok(c, '/api/coin/trade', bid);
      await ok(c, '/api/coin/trade', ask, c.token2);
    }
    const d = await ok(c, '/api/lever/deal', { legal_id: USDT, currency_id: BTC_CURRENCY });
    const prices = (side: { price: string }[]) => side.map((l) => Number(l.price));
    expect(prices(d.lever_transaction.in)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => 59000 - i));
    expect(prices(d.lever_transaction.out)).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map((i) => 61000 + i));
  });

  it('the deal page shows the terms, the balance, the mark and my orders', async () => {
    const d = await ok(c, '/api/lever/deal', { legal_id: USDT, currency_id: BTC_CURRENCY });
    expect(d).toMatchObject({
      match_id: 1,
      // 150x is configured, but at a 50 % level its liquidation move (1/3 %) is inside the mark's 0.5 % band.
      multiple: { muit: [5, 10, 20, 50, 100].map((value) => ({ value })) },
      lever_share_limit: { min: 1, max: 100 },
      lever_share_num: '0.01',
      spread: '0.05',
      lever_trade_fee: '0.10',
      last_price: '60000',
    });
    expect(
      (await c.t.call('POST', '/api/lever/deal', { legal_id: USDT, currency_id: 4 }, { token: c.token })).body
        .code,
    ).toBe('LEVER_MARKET_CLOSED');
    expect(
      (await c.t.call('POST', '/api/lever/deal', { legal_id: USDT, currency_id: BTC_CURRENCY })).body.type,
    ).toBe('999');
  });
});
