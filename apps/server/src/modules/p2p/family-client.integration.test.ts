/**
 * C2C and shop deals as an existing client of this API family reads them: it picks its buttons from
 * the deal's `type` (the ad's side) and `is_sure` only, reads the payee from `sell_cash_info` (the ad's
 * owner) or `user_cash_info` (the taker) by that side, routes a shop taker by `do_legal_deal`'s
 * `data.type`, and shows and checks a shop ad's `limitation` as fiat money. Each deal is driven to the
 * end from both sides with nothing else; the ledger check runs after every test.
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeAll, expect, it } from 'vitest';
import * as fiatLimits from '@oryx/db/migrations/0771_p2p_shop_fiat_limits';
import type { TestApp } from '../../../test/harness';
import { describeEachDb } from '../../../test/harness';
import { expectLedgerBalanced } from '../ledger/check';
import {
  escrow,
  get,
  openShopFor,
  post,
  ready,
  shopBal,
  U,
  type Party,
} from './shop/shop-helpers.test-support';

type Door = 'c2c' | 'shop';
type Page = 'taker' | 'owner';
interface WireDeal {
  type: string;
  is_sure: number;
  seller_name: string;
  hes_realname: string;
  sell_cash_info: { bank_account: string };
  user_cash_info: { bank_account: string };
}

const PATHS = {
  c2c: {
    take: '/api/c2c/do_legal_deal',
    deal: '/api/c2c_deal',
    pay: '/api/c2c/user_legal_pay',
    confirm: { owner: '/api/c2c/legal_deal_sure', taker: '/api/c2c/legal_deal_user_sure' },
  },
  shop: {
    take: '/api/do_legal_deal',
    deal: '/api/legal_deal',
    pay: '/api/user_legal_pay',
    confirm: { owner: '/api/legal_deal_sure', taker: '/api/legal_deal_user_sure' },
  },
} as const;

/**
 * The buttons such a client shows. The taker's order page: "I have paid" on a sell ad waiting for
 * payment, "confirm receipt" on a buy ad that is paid. The ad owner's page: the other way round.
 */
function buttons(d: { type: string; is_sure: number }, page: Page): ('pay' | 'confirm')[] {
  const [payOn, confirmOn] = page === 'taker' ? ['sell', 'buy'] : ['buy', 'sell'];
  if (d.type === payOn && d.is_sure === 0) return ['pay'];
  if (d.type === confirmOn && d.is_sure === 3) return ['confirm'];
  return [];
}

/** The payee a client shows the payer: the ad owner on a sell ad, the taker on a buy ad. */
const payee = (d: WireDeal) => (d.type === 'sell' ? d.sell_cash_info : d.user_cash_info);

const read = async (t: TestApp, door: Door, p: Party, id: number): Promise<WireDeal> => {
  const r = await get(t, p, PATHS[door].deal, { id: String(id) });
  expect(r.body.type).toBe('ok');
  return r.body.message as WireDeal;
};

/**
 * Drives one taken deal to the end the client's way: each party reads the deal and presses the one
 * button it is shown, until it is done. Checks who pays, whom they pay and who confirms.
 */
async function finish(
  t: TestApp,
  door: Door,
  deal: { id: number; side: 'buy' | 'sell' },
  owner: Party,
  taker: Party,
) {
  const parties = [
    { page: 'taker' as const, p: taker },
    { page: 'owner' as const, p: owner },
  ];
  const seller = deal.side === 'sell' ? owner : taker;
  const pressed: string[] = [];
  for (let round = 0; round < 2; round++) {
    for (const { page, p } of parties) {
      const d = await read(t, door, p, deal.id);
      expect(d.type).toBe(deal.side);
      const [button] = buttons(d, page);
      if (!button) continue;
      if (button === 'pay') expect(payee(d).bank_account).toBe(`62220${seller.id}`);
      const path = button === 'pay' ? PATHS[door].pay : PATHS[door].confirm[page];
      expect((await post(t, p, path, { id: deal.id })).body.type, `${page} ${button}`).toBe('ok');
      pressed.push(`${page}:${button}`);
    }
  }
  const payer = deal.side === 'sell' ? 'taker' : 'owner';
  const confirmer = deal.side === 'sell' ? 'owner' : 'taker';
  expect(pressed).toEqual([`${payer}:pay`, `${confirmer}:confirm`]);
  for (const p of [owner, taker]) expect((await read(t, door, p, deal.id)).is_sure).toBe(1);
}

describeEachDb('clients of this API family finish C2C and shop deals', (getApp) => {
  let admin: Party;
  let owner: Party;
  let taker: Party;
  let shopId: number;
  beforeAll(async () => {
    const t = getApp();
    admin = await ready(t, 'admin@oryx.local');
    owner = await ready(t, 'demo1@oryx.local');
    taker = await ready(t, 'demo2@oryx.local');
    shopId = await openShopFor(t, admin, 'demo1@oryx.local', '50');
  });
  afterEach(async () => {
    await expectLedgerBalanced(getApp().app.ctx.db);
  });

  const c2cAd = async (t: TestApp, type: 'buy' | 'sell') => {
    const ad = { type, price: '7.00', total_number: '2', way: 'bank', currency_id: 1, coin_code: 'CNY' };
    expect((await post(t, owner, '/api/c2c_send', ad)).body.type).toBe('ok');
    return (await get(t, owner, '/api/c2c/seller_trade', { page: '1' })).body.message.data[0].id as number;
  };
  const shopAd = async (
    t: TestApp,
    type: 'buy' | 'sell',
    limits = { min_number: '10', max_number: '60' },
  ) => {
    const ad = { type, price: '7.00', total_number: '10', way: 'bank', currency_id: 1, coin_code: 'CNY' };
    expect((await post(t, owner, '/api/legal_send', { ...ad, ...limits })).body.type).toBe('ok');
    return (await get(t, owner, '/api/seller_trade', { id: shopId, page: 1, is_done: 0 })).body.message
      .data[0].id as number;
  };

  it('sends the ad side in type for both parties, with the viewer side in my_side', async () => {
    const t = getApp();
    for (const side of ['sell', 'buy'] as const) {
      const taken = await post(t, taker, PATHS.c2c.take, { id: await c2cAd(t, side) });
      const other = side === 'sell' ? 'buy' : 'sell';
      expect(taken.body.message.data).toMatchObject({ type: side, my_side: other });
      const id = taken.body.message.data.id as number;
      const mine = await get(t, taker, '/api/c2c_user_deal', { page: '1' });
      expect(mine.body.message.data[0]).toMatchObject({ id, type: side, my_side: other, is_sure: 0 });
      expect(await read(t, 'c2c', owner, id)).toMatchObject({ type: side, my_side: side });
      expect(await read(t, 'c2c', taker, id)).toMatchObject({ type: side, my_side: other });
      await finish(t, 'c2c', { id, side }, owner, taker);

      const shopTaken = await post(t, taker, PATHS.shop.take, {
        id: await shopAd(t, side),
        means: 'money',
        value: '14',
      });
      expect(shopTaken.body.message.data).toMatchObject({ type: side, my_side: other });
      const shopDeal = shopTaken.body.message.data.id as number;
      const rows = await get(t, taker, '/api/legal_user_deal', { page: 1 });
      expect(rows.body.message.data[0]).toMatchObject({ id: shopDeal, type: side, my_side: other });
      expect(await read(t, 'shop', owner, shopDeal)).toMatchObject({ type: side, my_side: side });
      await finish(t, 'shop', { id: shopDeal, side }, owner, taker);
    }
  });

  it('names the ad owner in seller_name, hes_realname, sell_cash_info and the taker in user_cash_info', async () => {
    const t = getApp();
    const db = t.app.ctx.db;
    const nick = (
      await db.selectFrom('users').select('nickname').where('id', '=', owner.id).executeTakeFirstOrThrow()
    ).nickname;
    const c2c = (await post(t, taker, PATHS.c2c.take, { id: await c2cAd(t, 'buy') })).body.message.data
      .id as number;
    const shop = (
      await post(t, taker, PATHS.shop.take, { id: await shopAd(t, 'buy'), means: 'number', value: '2' })
    ).body.message.data.id as number;
    for (const [door, id, name] of [
      ['c2c', c2c, nick],
      ['shop', shop, 'Test Shop'],
    ] as const) {
      for (const viewer of [owner, taker]) {
        expect(await read(t, door, viewer, id)).toMatchObject({
          type: 'buy',
          seller_name: name,
          hes_realname: `Name ${owner.id}`,
          sell_cash_info: { bank_account: `62220${owner.id}` },
          user_cash_info: { bank_account: `62220${taker.id}` },
        });
      }
      // The owner of a buy ad pays the taker, never themselves.
      expect(payee(await read(t, door, owner, id)).bank_account).toBe(`62220${taker.id}`);
      await finish(t, door, { id, side: 'buy' }, owner, taker);
    }
  });

  it('shows and enforces shop limits as fiat money: 20 CNY is taken against a minimum of 10', async () => {
    const t = getApp();
    const [s0, e0] = [await shopBal(t, owner.id), await escrow(t)];
    const adId = await shopAd(t, 'sell');
    const limitation = { min: '10.00', max: '60.00' };
    const listed = await get(t, null, '/api/legal_deal_platform', { type: 'sell', page: 1 });
    expect(listed.body.message.data.find((r: { id: number }) => r.id === adId)).toMatchObject({ limitation });
    expect((await get(t, taker, '/api/legal_deal_info', { id: adId })).body.message).toMatchObject({
      limitation,
    });
    const mine = await get(t, owner, '/api/seller_trade', { id: shopId, page: 1, is_done: 0 });
    expect(mine.body.message.data[0]).toMatchObject({ id: adId, limitation });
    const take = (means: string, value: string) =>
      post(t, taker, PATHS.shop.take, { id: adId, means, value });
    for (const [means, value, code] of [
      ['money', '9.99', 'SHOP_BELOW_MIN'],
      ['money', '60.01', 'SHOP_ABOVE_MAX'],
      ['number', '1.4', 'SHOP_BELOW_MIN'], // 9.80 CNY
      ['number', '9', 'SHOP_ABOVE_MAX'], // 63 CNY
    ] as const) {
      expect((await take(means, value)).body.code, `${means} ${value}`).toBe(code);
    }
    expect(await escrow(t)).toBe(e0 + 10n * U);
    const ok = await take('money', '20');
    expect(ok.body.type).toBe('ok');
    const d = await read(t, 'shop', taker, ok.body.message.data.id as number);
    expect(d).toMatchObject({ number: '2.85714285', deal_money: '20.00' });
    expect((await take('number', '2')).body.type).toBe('ok'); // 14 CNY
    // An ad without a maximum of its own shows the money of what is left.
    const open = await shopAd(t, 'sell', { min_number: '', max_number: '' });
    const info = await get(t, taker, '/api/legal_deal_info', { id: open });
    expect(info.body.message.limitation).toEqual({ min: '0.00', max: '70.00' });
    expect(await shopBal(t, owner.id)).toBe(s0 - 20n * U);
  });

  it('converts the coin limits of older shop ads to money at their price (migration)', async () => {
    const t = getApp();
    const db = t.app.ctx.db;
    const adId = await shopAd(t, 'buy');
    // As an older ad held them: 1 to 5 coins.
    await db
      .updateTable('p2p_ads')
      .set({ min_minor: U, max_minor: 5n * U })
      .where('id', '=', adId)
      .execute();
    await fiatLimits.up(db as unknown as Kysely<unknown>);
    const info = await get(t, taker, '/api/legal_deal_info', { id: adId });
    expect(info.body.message.limitation).toEqual({ min: '7.00', max: '35.00' });
    await fiatLimits.down(db as unknown as Kysely<unknown>);
    const row = await db
      .selectFrom('p2p_ads')
      .select(['min_minor', 'max_minor'])
      .where('id', '=', adId)
      .executeTakeFirstOrThrow();
    expect([BigInt(row.min_minor), BigInt(row.max_minor)]).toEqual([U, 5n * U]);
    await fiatLimits.up(db as unknown as Kysely<unknown>);
  });
});
