import { describe, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { lastPrice, lastTradeAt, usdtPricesFromSpot } from './price-history';
import { trader } from './test-helpers';

const trade = (id: number, marketId: number, price: bigint, at: number) => ({
  id,
  market_id: marketId,
  price_minor: price,
  amount_minor: 1n,
  quote_minor: price,
  taker_side: 1,
  maker_order_id: 1,
  taker_order_id: 2,
  maker_user_id: 1,
  taker_user_id: 2,
  maker_fee_minor: 0n,
  taker_fee_minor: 0n,
  created_at: at,
});

describeEachDb('spot price history', (getApp) => {
  it('falls back to the reference price, then answers the last trade at or before a time', async () => {
    const { app } = getApp();
    const db = app.ctx.db;
    const market = await db.selectFrom('markets').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
    // No trade yet: the reference price.
    expect(await lastTradeAt(db, 3, 2_000)).toEqual({
      priceMinor: market.reference_price_minor,
      tradeId: null,
      tradeTimeMs: 0,
    });
    // Trades are normally written by the committer; here rows are put straight in to test the query.
    await db
      .insertInto('spot_trades')
      .values([trade(9001, 3, 100n, 1_000), trade(9002, 3, 110n, 2_000), trade(9003, 3, 120n, 2_000)])
      .execute();
    await db
      .insertInto('spot_trades')
      .values(trade(9004, 4, 999n, 1_500))
      .execute();
    expect(await lastTradeAt(db, 3, 999)).toMatchObject({ tradeId: null });
    expect(await lastTradeAt(db, 3, 1_000)).toEqual({ priceMinor: 100n, tradeId: 9001, tradeTimeMs: 1_000 });
    expect(await lastTradeAt(db, 3, 1_999)).toEqual({ priceMinor: 100n, tradeId: 9001, tradeTimeMs: 1_000 });
    // Same time: the later trade id wins.
    expect(await lastTradeAt(db, 3, 5_000)).toEqual({ priceMinor: 120n, tradeId: 9003, tradeTimeMs: 2_000 });
    await db.deleteFrom('spot_trades').where('id', '>=', 9001).where('id', '<=', 9004).execute();
  });

  it('refuses an unknown market', async () => {
    await expect(lastTradeAt(getApp().app.ctx.db, 987654, 1)).rejects.toThrow(/unknown market/);
  });
});

describe('lastPrice', () => {
  it('is undefined for a market the spot engine never loaded', () => {
    const ctx = { services: { spot: { lastPrices: new Map() } } };
    expect(lastPrice(ctx as never, 1)).toBeUndefined();
  });
});

describeEachDb('spot prices for wallet valuation', (getApp) => {
  it('values a currency at its last USDT trade once it has traded, at its reference price before', async () => {
    const t = getApp();
    const ETH = 3;
    const detail = async (token: string) =>
      (await t.call('POST', '/api/wallet/detail', { currency: ETH, type: 'change' }, { token })).body.message;
    const place = (token: string, type: number) =>
      trader(t, token)({ target_price: '3512.34', amount: '0.1', type });
    const seller = await t.tokenFor('demo1@oryx.local');
    const buyer = await t.tokenFor('demo2@oryx.local');
    expect((await detail(seller)).usdt_price).toBe('3400.00000000'); // the reference price
    expect(await usdtPricesFromSpot(t.app.ctx.db)).toEqual(new Map());

    expect((await place(seller, 2)).body.type).toBe('ok');
    expect((await place(buyer, 1)).body.order).toMatchObject({ state: 'filled' });
    expect(await usdtPricesFromSpot(t.app.ctx.db)).toEqual(new Map([[ETH, 351_234_000_000n]]));
    expect((await detail(seller)).usdt_price).toBe('3512.34000000');
  });
});
