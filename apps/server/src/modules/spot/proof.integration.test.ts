/**
 * GET /api/transaction/trade_proof: the record of one spot trade, public for its price, amount, time and
 * the two orders it matched; each party's side and fee for that party only; unknown ids refused.
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';

const USDT = 1;
const ETH = 3;

describeEachDb('spot: trade record', (getApp) => {
  it('shows a trade to anyone, and each party its own side and fee', async () => {
    const t = getApp();
    const maker = await t.tokenFor('demo1@oryx.local');
    const taker = await t.tokenFor('demo2@oryx.local');
    const place = (token: string, body: Record<string, unknown>) =>
      t.call('POST', '/api/coin/trade', { legal_id: USDT, currency_id: ETH, ...body }, { token });
    expect((await place(maker, { type: 2, target_price: '3400', amount: '0.5' })).body.type).toBe('ok');
    const took = await place(taker, { type: 1, target_price: '3410', amount: '0.2' });
    expect(took.body.type, JSON.stringify(took.body)).toBe('ok');
    const trade = await t.app.ctx.db
      .selectFrom('spot_trades')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

    const path = `/api/transaction/trade_proof?id=${trade.id}`;
    const anyone = (await t.call('GET', path)).body;
    expect(anyone.type).toBe('ok');
    expect(anyone.message).toMatchObject({
      id: trade.id,
      symbol: 'ETH/USDT',
      legal_id: USDT,
      currency_id: ETH,
      price: '3400',
      amount: '0.2',
      taker_side: 'buy',
      traded_at: trade.created_at,
      maker_order: { id: trade.maker_order_id, kind: 'limit', price: '3400' },
      taker_order: { id: trade.taker_order_id, kind: 'limit', price: '3410' },
      is_owner: false,
      my_role: null,
      my_side: null,
      my_fee: null,
    });
    const asTaker = (await t.call('GET', path, undefined, { token: taker })).body.message;
    expect(asTaker).toMatchObject({ is_owner: true, my_role: 'taker', my_side: 'buy', fee_currency: 'ETH' });
    const asMaker = (await t.call('GET', path, undefined, { token: maker })).body.message;
    expect(asMaker).toMatchObject({
      is_owner: true,
      my_role: 'maker',
      my_side: 'sell',
      fee_currency: 'USDT',
    });

    for (const bad of ['999999999', '0', 'abc'])
      expect((await t.call('GET', `/api/transaction/trade_proof?id=${bad}`)).body.code).toBe(
        'SPOT_TRADE_NOT_FOUND',
      );
  });
});
