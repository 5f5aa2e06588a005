/**
 * A market buy by quote amount through the place call ("spend 1,000 USDT"): it buys whole lots, best
 * prices first, until the rest of its budget buys less than a lot, or until the book runs out; it never
 * spends more than named, holds the budget only while it matches, and releases what it did not spend
 * in the same command. Money is conserved (the harness runs the ledger check when the app closes).
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { d, holdRows, trader, wallet } from './test-helpers';

describeEachDb('spot market buys by quote amount', (getApp) => {
  const A = 'demo1@oryx.local';
  const B = 'demo2@oryx.local';

  it('spends at most the amount named, across levels, and releases what buys less than a lot', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor(A));
    const b = trader(t, await t.tokenFor(B));
    for (const [price, amount] of [
      ['3400', '0.1'],
      ['3401', '0.2'],
      ['3402', '1'],
    ]) {
      expect((await b({ type: 2, target_price: price, amount })).body.type).toBe('ok');
    }
    const before = await wallet(t, A);
    const sellerBefore = await wallet(t, B);
    const r = await a({ type: 1, order_type: 'market', quote_amount: '1000' });
    expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
    // 0.1 x 3400 = 340; the 660 left buys 0.1940 at 3401 (659.794); 0.206 buys no 0.0001 lot at 3402.
    expect(r.body.order).toMatchObject({
      order_type: 'market',
      state: 'filled',
      cancel_reason: null,
      trade_amount: '0.29400000',
      deal_amount: '0.29400000',
      deal_money: '999.79400000',
      fee: '0.00058800',
      fee_currency: 'ETH',
    });
    const after = await wallet(t, A);
    expect(after.usdt - before.usdt).toBe(-d('999.794'));
    expect(after.usdtFrozen).toBe(before.usdtFrozen);
    expect(after.eth - before.eth).toBe(d('0.294') - d('0.000588'));
    // The budget was held while it matched; the unspent 0.206 came back in the same command.
    expect(await holdRows(t, r.body.order.id)).toEqual({
      'spot.freeze': d('1000'),
      'spot.release': d('0.206'),
    });
    // The seller got what the buyer paid less its own fee (maker, 0.1 %), and its hold shrank by what it sold.
    const sellerAfter = await wallet(t, B);
    expect(sellerAfter.usdt - sellerBefore.usdt).toBe(d('999.794') - d('0.999794'));
    expect(sellerBefore.ethFrozen - sellerAfter.ethFrozen).toBe(d('0.294'));
  });

  it('with too little depth: buys what is there, ends cancelled (MARKET_REMAINDER), releases the rest', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor(A));
    const b = trader(t, await t.tokenFor(B));
    // Left: 0.006 at 3401 and 1 at 3402, worth 3422.406.
    const before = await wallet(t, A);
    const r = await a({ type: 1, order_type: 'market', quote_amount: '5000' });
    expect(r.body.order).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'MARKET_REMAINDER',
      deal_amount: '1.00600000',
      deal_money: '3422.40600000',
    });
    const after = await wallet(t, A);
    expect(after.usdt - before.usdt).toBe(-d('3422.406'));
    expect(after.usdtFrozen).toBe(before.usdtFrozen);
    expect(await holdRows(t, r.body.order.id)).toEqual({
      'spot.freeze': d('5000'),
      'spot.release': d('1577.594'),
    });
    // The book is empty now: a further buy finds nothing and changes nothing.
    const none = await a({ type: 1, order_type: 'market', quote_amount: '10' });
    expect(none.body.code).toBe('SPOT_NO_LIQUIDITY');
    expect(await wallet(t, A)).toEqual(after);
    expect((await b({ type: 2, target_price: '3000', amount: '0.01' })).body.type).toBe('ok');
  });

  it('refuses what it cannot do, changing nothing', async () => {
    const t = getApp();
    const a = trader(t, await t.tokenFor(A));
    const before = await wallet(t, A);
    const refusals: [Record<string, unknown>, string][] = [
      [{ type: 2, order_type: 'market', quote_amount: '100' }, 'VALIDATION'],
      [{ type: 1, target_price: '3000', quote_amount: '100' }, 'VALIDATION'],
      [{ type: 1, order_type: 'market', quote_amount: '100', amount: '0.1' }, 'VALIDATION'],
      [{ type: 1, order_type: 'market', quote_amount: '0.5' }, 'SPOT_NOTIONAL_MIN'],
      [{ type: 1, order_type: 'market', quote_amount: '-5' }, 'SPOT_AMOUNT_INVALID'],
      [{ type: 1, order_type: 'market', quote_amount: '1.123456789' }, 'SPOT_AMOUNT_TOO_MANY_DECIMALS'],
      // More than the whole balance: never held, never spent.
      [{ type: 1, order_type: 'market', quote_amount: '99999999' }, 'LEDGER_INSUFFICIENT'],
    ];
    for (const [body, code] of refusals) {
      const r = await a(body);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(await wallet(t, A)).toEqual(before);
  });
});
