/**
 * Market orders through the place call on a real database: a market buy fills exactly its base amount
 * across several levels, the protection band stops a fill and cancels the rest, a market sell stops at
 * the band too, and every market hold is released to the last minor unit (frozen back to zero, the
 * journal's freeze = trades + release). The harness runs the ledger check when each app closes.
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { d, ETH, holdRows, trader, USDT, wallet } from './test-helpers';

describeEachDb('spot market orders', (getApp) => {
  const A = 'demo1@oryx.local';
  const B = 'demo2@oryx.local';

  it('buys exactly the amount asked across levels, holding amount x best ask x 1.05 and releasing the rest', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor(A));
    const b = trader(t, await t.tokenFor(B));
    const deal = await t.call('POST', '/api/transaction/deal', { legal_id: USDT, currency_id: ETH });
    expect(deal.body.message).toMatchObject({ market_band_bps: 500, price_warn_bps: 1000 });
    for (const [price, amount] of [
      ['3400', '0.3'],
      ['3401', '0.3'],
      ['3402', '0.5'],
    ]) {
      expect((await b({ type: 2, target_price: price, amount })).body.type).toBe('ok');
    }
    const before = await wallet(t, A);
    const r = await a({ type: 1, order_type: 'market', target_price: '3400', amount: '0.7' });
    expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
    // 0.3 x 3400 + 0.3 x 3401 + 0.1 x 3402 = 1020 + 1020.3 + 340.2; taker fee 0.2 % of 0.7 ETH.
    expect(r.body.order).toMatchObject({
      state: 'filled',
      cancel_reason: null,
      trade_amount: '0.70000000',
      deal_amount: '0.70000000',
      deal_money: '2380.50000000',
      trade_price: '3400.71428571',
      fee: '0.00140000',
      fee_currency: 'ETH',
      amount_decimals: 4,
      price_decimals: 2,
    });
    const after = await wallet(t, A);
    expect(after.usdt - before.usdt).toBe(-d('2380.5'));
    expect(after.usdtFrozen - before.usdtFrozen).toBe(0n);
    expect(after.eth - before.eth).toBe(d('0.6986'));
    // Held 0.7 x 3570 (3400 + 5 %) = 2499; the fills took 2380.5 from the hold; 118.5 came back.
    expect(await holdRows(t, r.body.order.id)).toEqual({
      'spot.freeze': d('2499'),
      'spot.release': d('118.5'),
    });
    // The order history lists it with its fee.
    const list = await t.call('GET', '/api/coin/list', { status: 2 }, { token: await t.tokenFor(A) });
    expect(list.body.message.find((o: { id: number }) => o.id === r.body.order.id)).toMatchObject({
      deal_amount: '0.70000000',
      fee: '0.00140000',
    });
  });

  it('stops at the protection band: what lies beyond is cancelled (PRICE_BAND) and its hold released', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor(A));
    const b = trader(t, await t.tokenFor(B));
    // Left from the first test: 0.4 at 3402. 3402 x 1.05 = 3572.10: 3572.10 still fills, 3572.11 not.
    expect((await b({ type: 2, target_price: '3572.10', amount: '0.1' })).body.type).toBe('ok');
    const beyond = await b({ type: 2, target_price: '3572.11', amount: '1' });
    expect(beyond.body.type).toBe('ok');
    const before = await wallet(t, A);
    const r = await a({ type: 1, order_type: 'market', amount: '1' });
    expect(r.body.order).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'PRICE_BAND',
      trade_amount: '1.00000000',
      deal_amount: '0.50000000',
      deal_money: '1718.01000000', // 0.4 x 3402 + 0.1 x 3572.10
    });
    const after = await wallet(t, A);
    expect(after.usdt - before.usdt).toBe(-d('1718.01'));
    expect(after.usdtFrozen).toBe(before.usdtFrozen);
    expect(await holdRows(t, r.body.order.id)).toEqual({
      'spot.freeze': d('3572.1'),
      'spot.release': d('1854.09'),
    });
    // The ask beyond the band is untouched.
    const rest = await t.call('GET', '/api/coin/list', { status: 1 }, { token: await t.tokenFor(B) });
    expect(rest.body.message.find((o: { id: number }) => o.id === beyond.body.order.id)).toMatchObject({
      state: 'open',
      deal_amount: '0.00000000',
    });
    await t.call('PUT', '/api/coin/trade', { id: beyond.body.order.id }, { token: await t.tokenFor(B) });
  });

  it('sells exactly the amount down to the band and releases the unsold base', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor(A));
    const b = trader(t, await t.tokenFor(B));
    // Bids 1.0 at 3300; 3300 x 0.95 = 3135: 0.2 at 3135 fills, 3134.99 does not.
    const bids = [];
    for (const [price, amount] of [
      ['3300', '1'],
      ['3135', '0.2'],
      ['3134.99', '1'],
    ]) {
      const r = await b({ type: 1, target_price: price, amount });
      expect(r.body.type).toBe('ok');
      bids.push(r.body.order.id as number);
    }
    const before = await wallet(t, A);
    const r = await a({ type: 2, order_type: 'market', amount: '1.5' });
    expect(r.body.order).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'PRICE_BAND',
      deal_amount: '1.20000000',
      deal_money: '3927.00000000', // 3300 + 627
      fee: '7.85400000', // 0.2 % of 3927 USDT
      fee_currency: 'USDT',
    });
    const after = await wallet(t, A);
    expect(after.eth - before.eth).toBe(-d('1.2'));
    expect(after.ethFrozen).toBe(before.ethFrozen);
    expect(after.usdt - before.usdt).toBe(d('3927') - d('7.854'));
    expect(await holdRows(t, r.body.order.id)).toEqual({
      'spot.freeze': d('1.5'),
      'spot.release': d('0.3'),
    });
    await t.call('PUT', '/api/coin/trade', { id: bids[2] }, { token: await t.tokenFor(B) });
  });

  it('refuses a market buy the balance cannot hold at the band, changing nothing', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor(A));
    const b = trader(t, await t.tokenFor(B));
    const ask = await b({ type: 2, target_price: '1000', amount: '9.5' });
    expect(ask.body.type).toBe('ok');
    const before = await wallet(t, A);
    // 9.5 x 1000 = 9500 USDT would pay the fill, but 9.5 x 1050 = 9975 must be held: A has between.
    expect(before.usdt >= d('9500') && before.usdt < d('9975')).toBe(true);
    const r = await a({ type: 1, order_type: 'market', amount: '9.5' });
    expect(r.body.code).toBe('LEDGER_INSUFFICIENT');
    expect(await wallet(t, A)).toEqual(before);
    await t.call('PUT', '/api/coin/trade', { id: ask.body.order.id }, { token: await t.tokenFor(B) });
  });
});
