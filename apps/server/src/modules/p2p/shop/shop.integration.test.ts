/**
 * Merchant shops over the real app: the admin opens a shop, the seller funds it and posts; takers fill
 * the ad partly by number and by money within its limits; escrow stays exact through fills, cancels,
 * withdrawals and appeals; bad input changes nothing; many takers at once never oversell. The ledger
 * check runs after every test.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../../test/harness';
import { expectLedgerBalanced } from '../../ledger/check';
import {
  escrow,
  get,
  lastAdOf,
  legal,
  openShopFor,
  post,
  ready,
  sellAd,
  shopBal,
  U,
  type Party,
} from './shop-helpers.test-support';

describeEachDb('merchant shops', (getApp) => {
  let admin: Party;
  let seller: Party;
  let buyer: Party;
  let other: Party;
  let shopId: number;
  beforeAll(async () => {
    const t = getApp();
    admin = await ready(t, 'admin@oryx.local');
    seller = await ready(t, 'demo1@oryx.local');
    buyer = await ready(t, 'demo2@oryx.local');
    other = await ready(t, 'seller@oryx.local');
    shopId = await openShopFor(t, admin, 'demo1@oryx.local', '50');
  });
  afterEach(async () => {
    await expectLedgerBalanced(getApp().app.ctx.db);
  });

  it('opens shops for operators only, once per user and currency', async () => {
    const t = getApp();
    const body = { account: 'demo2@oryx.local', currency_id: 1, name: 'Nope' };
    expect((await post(t, buyer, '/api/admin/p2p/open_shop', body)).body.type).toBe('error');
    const again = await post(t, admin, '/api/admin/p2p/open_shop', { ...body, account: 'demo1@oryx.local' });
    expect(again.body.message).toMatch(/already/);
    const unknown = await post(t, admin, '/api/admin/p2p/open_shop', { ...body, account: 'x@nowhere' });
    expect(unknown.body.type).toBe('error');
    // A shop's name is public: no contact data in it.
    for (const name of ['demo2@oryx.local', 'Call +66 812 345 678']) {
      const r = await post(t, admin, '/api/admin/p2p/open_shop', { ...body, name });
      expect(r.body.code).toBe('SHOP_NAME_CONTACT');
    }
    const mine = await get(t, seller, '/api/my_seller', {});
    expect(mine.body.message.data[0]).toMatchObject({
      id: shopId,
      legal_balance: '50.00000000',
      currency_name: 'USDT',
    });
    expect((await get(t, buyer, '/api/my_seller', {})).body.message.data).toEqual([]);
  });

  it('refuses bad ads and bad transfers, changing nothing', async () => {
    const t = getApp();
    const before = [await shopBal(t, seller.id), await legal(t, seller.id), await escrow(t)];
    const count = async () =>
      (await t.app.ctx.db.selectFrom('p2p_ads').select('id').where('kind', '=', 'shop').execute()).length;
    const ads0 = await count();
    const bad: Record<string, unknown>[] = [
      { total_number: '0' },
      { total_number: '-1' },
      { total_number: '1e3' },
      { total_number: '1.000000001' },
      { price: '0' },
      { price: '7.001' },
      { min_number: '6', max_number: '5' },
      { max_number: '70.01' }, // more than the whole ad is worth (10 × 7.00)
      { min_number: '-1' },
      { total_number: '1000' }, // more than the shop balance
      { way: 'cash' },
      { coin_code: 'EUR' },
      { currency_id: 2 }, // no BTC shop
      { type: 'swap' },
    ];
    for (const b of bad) {
      const r = await post(t, seller, '/api/legal_send', { ...sellAd, ...b });
      expect(r.body.type, JSON.stringify(b)).toBe('error');
    }
    expect((await post(t, buyer, '/api/legal_send', sellAd)).body.message).toMatch(/seller/i);
    for (const b of [{ number: '0' }, { number: '1e2' }, { number: '500' }, { type: 'sideways' }]) {
      const r = await post(t, seller, '/api/seller/transfer', {
        number: '1',
        type: 'out',
        seller_id: shopId,
        ...b,
      });
      expect(r.body.type, JSON.stringify(b)).toBe('error');
    }
    const stranger = await post(t, buyer, '/api/seller/transfer', {
      number: '1',
      type: 'out',
      seller_id: shopId,
    });
    expect(stranger.body.type).toBe('error');
    expect(await count()).toBe(ads0);
    expect([await shopBal(t, seller.id), await legal(t, seller.id), await escrow(t)]).toEqual(before);
  });

  it('fills a sell ad partly by number and by money with exact escrow, then withdraws the rest', async () => {
    const t = getApp();
    const [s0, b0, e0] = [await shopBal(t, seller.id), await legal(t, buyer.id), await escrow(t)];
    expect((await post(t, seller, '/api/legal_send', sellAd)).body.type).toBe('ok');
    const adId = await lastAdOf(t, seller, shopId);
    expect(await shopBal(t, seller.id)).toBe(s0 - 10n * U);
    expect(await escrow(t)).toBe(e0 + 10n * U);
    const list = await get(t, null, '/api/legal_deal_platform', { type: 'sell', page: 1 });
    expect(list.body.message.data[0]).toMatchObject({
      id: adId,
      limitation: { min: '7.00', max: '35.00' },
      is_shelves: 1,
      surplus_number: '10.00000000',
      seller_name: 'Test Shop',
    });
    const take = (p: Party, means: string, value: unknown) =>
      post(t, p, '/api/do_legal_deal', { id: adId, means, value });
    // Bad takes: limits, format, own ad, unknown means.
    for (const [p, means, value] of [
      [buyer, 'number', '0.5'],
      [buyer, 'number', '6'],
      [buyer, 'number', '0'],
      [buyer, 'number', '-2'],
      [buyer, 'number', '1e0'],
      [buyer, 'money', '3'],
      [buyer, 'weight', '2'],
      [seller, 'number', '2'],
    ] as const) {
      expect((await take(p, means, value)).body.type, `${means} ${value}`).toBe('error');
    }
    const byNumber = await take(buyer, 'number', '2.5');
    expect(byNumber.body.message.data).toMatchObject({ type: 'sell', my_side: 'buy' });
    const byMoney = await take(other, 'money', '21'); // 21 CNY at 7.00 = 3 coins
    const d2 = byMoney.body.message.data.id as number;
    expect((await get(t, other, '/api/legal_deal', { id: d2 })).body.message).toMatchObject({
      number: '3.00000000',
      deal_money: '21.00',
      is_sure: 0,
      is_seller: 0,
      seller_name: 'Test Shop',
    });
    const info = await get(t, buyer, '/api/legal_deal_info', { id: adId });
    expect(info.body.message).toMatchObject({ surplus_number: '4.50000000', type: 'sell' });
    const d1 = byNumber.body.message.data.id as number;
    // The buyer pays, the shop confirms: 2.5 coins reach the buyer.
    expect((await post(t, buyer, '/api/user_legal_pay', { id: d1 })).body.type).toBe('ok');
    expect((await post(t, seller, '/api/legal_deal_sure', { id: d1 })).body.type).toBe('ok');
    expect(await legal(t, buyer.id)).toBe(b0 + 250_000_000n);
    // The other buyer cancels: 3 coins go back to the ad, still in escrow.
    expect((await post(t, other, '/api/user_legal_pay_cancel', { id: d2 })).body.type).toBe('ok');
    expect((await get(t, buyer, '/api/legal_deal_info', { id: adId })).body.message.surplus_number).toBe(
      '7.50000000',
    );
    expect(await escrow(t)).toBe(e0 + 750_000_000n);
    const mine = await get(t, seller, '/api/my_seller', {});
    expect(mine.body.message.data[0]).toMatchObject({ lock_seller_balance: '7.50000000' });
    // Off the shelf: nobody can take; back on: they can.
    expect((await post(t, seller, '/api/down_send', { id: adId })).body.type).toBe('ok');
    expect((await take(buyer, 'number', '1')).body.message).toMatch(/shelf/);
    expect((await post(t, seller, '/api/down_send', { id: adId })).body.type).toBe('ok');
    expect((await post(t, seller, '/api/back_send', { id: adId })).body.type).toBe('ok');
    expect(await shopBal(t, seller.id)).toBe(s0 - 250_000_000n);
    expect(await escrow(t)).toBe(e0);
    const log = await get(t, seller, '/api/seller/balance_log', { seller_id: shopId, page: 1 });
    expect(log.body.message.data[0]).toMatchObject({ value: '7.50000000', is_lock: 1 });
    const shop = await get(t, buyer, '/api/seller_info', { id: shopId, page: 1 });
    expect(shop.body.message).toMatchObject({
      total: 2,
      done: 1,
      thirtyDays: 1,
      done_rate: '50.00',
      is_owner: 0,
    });
  });

  it('lets a shop buy: the taker escrows, confirms, and the coins reach the shop balance', async () => {
    const t = getApp();
    const [s0, o0, e0] = [await shopBal(t, seller.id), await legal(t, other.id), await escrow(t)];
    const buyAd = { ...sellAd, type: 'buy', total_number: '4', min_number: '', max_number: '' };
    expect((await post(t, seller, '/api/legal_send', buyAd)).body.type).toBe('ok');
    const adId = await lastAdOf(t, seller, shopId);
    expect(await shopBal(t, seller.id)).toBe(s0); // a buy ad escrows nothing
    const r = await post(t, other, '/api/do_legal_deal', { id: adId, means: 'number', value: '1.5' });
    expect(r.body.message.data).toMatchObject({ type: 'buy', my_side: 'sell' });
    const id = r.body.message.data.id as number;
    expect(await legal(t, other.id)).toBe(o0 - 150_000_000n);
    expect(await escrow(t)).toBe(e0 + 150_000_000n);
    expect((await post(t, seller, '/api/user_legal_pay', { id })).body.type).toBe('ok');
    expect((await post(t, other, '/api/legal_deal_user_sure', { id })).body.type).toBe('ok');
    expect(await shopBal(t, seller.id)).toBe(s0 + 150_000_000n);
    expect(await escrow(t)).toBe(e0);
    expect((await post(t, seller, '/api/back_send', { id: adId })).body.type).toBe('ok');
  });

  it('shows a deal to its parties only and runs appeals to the operator', async () => {
    const t = getApp();
    const [s0, b0, e0] = [await shopBal(t, seller.id), await legal(t, buyer.id), await escrow(t)];
    await post(t, seller, '/api/legal_send', { ...sellAd, total_number: '4', max_number: '' });
    const adId = await lastAdOf(t, seller, shopId);
    const open = async (p: Party, n: string) =>
      (await post(t, p, '/api/do_legal_deal', { id: adId, means: 'number', value: n })).body.message.data
        .id as number;
    const [a1, a2] = [await open(buyer, '1'), await open(buyer, '2')];
    const seen = await get(t, buyer, '/api/legal_deal', { id: a1 });
    expect(seen.body.message.sell_cash_info.bank_account).toBe(`62220${seller.id}`);
    expect(seen.body.message.user_cash_info.bank_account).toBe(`62220${buyer.id}`);
    const stranger = await get(t, other, '/api/legal_deal', { id: a1 });
    expect(stranger.body.type).toBe('error');
    expect(JSON.stringify(stranger.body)).not.toContain('62220');
    expect((await post(t, other, '/api/user_legal_pay', { id: a1 })).body.type).toBe('error');
    for (const id of [a1, a2]) await post(t, buyer, '/api/user_legal_pay', { id });
    expect((await post(t, seller, '/api/legal/arbitrate', { id: a1 })).body.type).toBe('ok');
    expect((await post(t, buyer, '/api/legal/arbitrate', { id: a2 })).body.type).toBe('ok');
    expect((await post(t, seller, '/api/legal_deal_sure', { id: a1 })).body.type).toBe('error'); // frozen
    const decide = (id: number, result: string) =>
      post(t, admin, '/api/admin/p2p/decide', { id, result, reason: 'evidence checked' });
    expect((await decide(a1, 'return')).body.message).toEqual({
      id: a1,
      is_sure: 2,
      four_eyes_pending: false,
    });
    expect((await decide(a2, 'release')).body.message).toEqual({
      id: a2,
      is_sure: 1,
      four_eyes_pending: false,
    });
    expect(await legal(t, buyer.id)).toBe(b0 + 2n * U);
    expect((await get(t, buyer, '/api/legal_deal_info', { id: adId })).body.message.surplus_number).toBe(
      '2.00000000',
    );
    const taken = await get(t, buyer, '/api/legal_user_deal', { page: 1, is_sure: 1 });
    expect(taken.body.message.data[0]).toMatchObject({ id: a2, type: 'sell', my_side: 'buy', is_sure: 1 });
    const onAd = await get(t, seller, '/api/legal_send_deal_list', { id: adId, page: 1 });
    expect(onAd.body.message.total).toBe(2);
    expect((await get(t, buyer, '/api/legal_send_deal_list', { id: adId, page: 1 })).body.type).toBe('error');
    await post(t, seller, '/api/back_send', { id: adId });
    expect(await shopBal(t, seller.id)).toBe(s0 - 2n * U);
    expect(await escrow(t)).toBe(e0);
  });

  it('never oversells an ad taken by many at once', async () => {
    const t = getApp();
    const e0 = await escrow(t);
    await post(t, seller, '/api/legal_send', {
      ...sellAd,
      total_number: '3.00000000',
      min_number: '',
      max_number: '',
    });
    const adId = await lastAdOf(t, seller, shopId);
    const takers = [buyer, other, admin, buyer, other, admin];
    const replies = await Promise.all(
      takers.map((p) => post(t, p, '/api/do_legal_deal', { id: adId, means: 'number', value: '1' })),
    );
    expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(3);
    const deals = await t.app.ctx.db.selectFrom('p2p_deals').selectAll().where('ad_id', '=', adId).execute();
    expect(deals.reduce((s, d) => s + d.number_minor, 0n)).toBe(3n * U);
    expect(await escrow(t)).toBe(e0 + 3n * U);
    for (const d of deals) {
      const p = [buyer, other, admin].find((x) => x.id === d.buyer_id)!;
      await post(t, p, '/api/user_legal_pay_cancel', { id: d.id });
    }
    await post(t, seller, '/api/back_send', { id: adId });
    expect(await escrow(t)).toBe(e0);
  });
});
