/**
 * Advertisers stay private: anonymous visitors and other users reading C2C ads, shop ads, shop pages,
 * deals and team views see the advertiser's public nickname and never the e-mail address or phone
 * number (masked or not), nor the payment details; the two parties of a deal, once it is taken, see
 * each other's contact and payment details.
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import * as shopPublicNames from '@oryx/db/migrations/0741_p2p_shop_public_names';
import { registerAndLogin } from '../../../test/accounts';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { openShopFor, sellAd as shopSellAd } from './shop/shop-helpers.test-support';
import { PW, lastAdOf, post, ready, sellAd, type Party } from './test-helpers';

interface Victim extends Party {
  email: string;
  phone: string;
  nickname: string;
  /** Strings of the victim's payment details (only the deal's other party may see them). */
  payment: string[];
}

/** Whatever the reply, nothing of the victim's contact data: e-mail, its local part, phone, its tail. */
function expectNoContact(what: string, body: unknown, v: Victim, opts: { payment?: boolean } = {}) {
  const text = JSON.stringify(body).toLowerCase();
  const secrets = [
    v.email,
    v.email.split('@')[0]!,
    v.phone,
    v.phone.slice(-4),
    ...(opts.payment ? v.payment : []),
  ];
  for (const s of secrets) expect(text, `${what} shows "${s}": ${text}`).not.toContain(s.toLowerCase());
  // No masked form either (`vi****@example.com`, `139****8642`).
  expect(text, `${what}: ${text}`).not.toMatch(/\*\*\*/);
}

const get = (t: TestApp, p: Party | null, path: string, q: Record<string, unknown>) =>
  t.call('GET', path, q, p ? { token: p.token } : {});

describeEachDb('advertisers stay private', (getApp) => {
  it('shows others the nickname only, and the parties of a taken deal each other’s details', async () => {
    const t = getApp();
    const db = t.app.ctx.db;
    // The inviter, whose team views list the victim.
    const inviter = await registerAndLogin(t, `zq-inviter-${t.kind}@example.com`);
    const { extension_code: invite } = await db
      .selectFrom('users')
      .select('extension_code')
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow();
    const email = `zq-victim-${t.kind}@example.com`;
    await registerAndLogin(t, email, { invite });
    const phone = t.kind === 'sqlite' ? '13957318642' : '13957318643';
    await db.updateTable('users').set({ phone, area_code: '86' }).where('email', '=', email).execute();
    const vp = await ready(t, email);
    const { nickname } = await db
      .selectFrom('users')
      .select('nickname')
      .where('id', '=', vp.id)
      .executeTakeFirstOrThrow();
    const v: Victim = {
      ...vp,
      email,
      phone,
      nickname,
      payment: [`62220${vp.id}`, `ali${vp.id}`, `wx${vp.id}`],
    };
    expect(nickname).toMatch(/^Trader-[A-Z2-9]{6}$/);

    const admin = await ready(t, 'admin@oryx.local');
    const taker = await ready(t, 'demo2@oryx.local');
    const other = await ready(t, 'demo1@oryx.local');
    const takerPayment = `62220${taker.id}`;

    // The victim advertises: a C2C sell ad, a C2C buy ad and a shop sell ad.
    expect((await post(t, v, sellAd)).body.type).toBe('ok');
    const c2cSell = await lastAdOf(t, v);
    expect((await post(t, v, { ...sellAd, type: 'buy' })).body.type).toBe('ok');
    const shopId = await openShopFor(t, admin, email, '50');
    const shopPost = await t.call(
      'POST',
      '/api/legal_send',
      { ...shopSellAd, password: PW },
      { token: v.token },
    );
    expect(shopPost.body.type).toBe('ok');
    const shopAd = (await get(t, v, '/api/seller_trade', { id: shopId, page: 1, is_done: 0 })).body.message
      .data[0].id as number;

    // Public and other-user reads before any deal.
    for (const viewer of [null, other]) {
      const who = viewer ? 'another user' : 'anonymous';
      for (const type of ['sell', 'buy']) {
        const list = await get(t, viewer, '/api/c2c_deal_platform', { type, page: '1' });
        expect(list.body.type).toBe('ok');
        const mine = list.body.message.data.filter(
          (r: { seller_name: string }) => r.seller_name === nickname,
        );
        expect(mine.length, `${who} sees the victim's ${type} ad by nickname`).toBe(1);
        expectNoContact(`${who} c2c_deal_platform ${type}`, list.body, v, { payment: true });
      }
      const shops = await get(t, viewer, '/api/legal_deal_platform', { type: 'sell', page: 1 });
      expect(shops.body.message.data.map((r: { id: number }) => r.id)).toContain(shopAd);
      expectNoContact(`${who} legal_deal_platform`, shops.body, v, { payment: true });
      const page = await get(t, viewer, '/api/seller_info', { id: shopId, page: 1 });
      expect(page.body.type).toBe('ok');
      expectNoContact(`${who} seller_info`, page.body, v, { payment: true });
    }
    const adInfo = await get(t, other, '/api/legal_deal_info', { id: shopAd });
    expect(adInfo.body.type).toBe('ok');
    expectNoContact('legal_deal_info', adInfo.body, v, { payment: true });

    // The inviter's team views show the victim by nickname.
    const tree = await t.call('POST', '/api/getNode', {}, { token: inviter.token });
    expect(tree.body.message.results.map((n: { name: string }) => n.name)).toEqual([nickname]);
    expectNoContact('getNode', tree.body, v, { payment: true });
    const team = await t.call('GET', '/api/user/my_team', {}, { token: inviter.token });
    expect(team.body.message.team.data.map((r: { account: string }) => r.account)).toEqual([nickname]);
    expectNoContact('my_team', team.body, v, { payment: true });

    // The taker takes the C2C sell ad and the shop ad.
    const c2cTake = await t.call(
      'POST',
      '/api/c2c/do_legal_deal',
      { id: c2cSell, password: PW },
      { token: taker.token },
    );
    expect(c2cTake.body.type).toBe('ok');
    const c2cDeal = c2cTake.body.message.data.id as number;
    const shopTake = await t.call(
      'POST',
      '/api/do_legal_deal',
      { id: shopAd, means: 'number', value: '2', password: PW },
      { token: taker.token },
    );
    expect(shopTake.body.type).toBe('ok');
    const shopDeal = shopTake.body.message.data.id as number;

    // Anyone but the two parties: nothing of the deal, nothing of the victim.
    for (const [path, id] of [
      ['/api/c2c_deal', c2cDeal],
      ['/api/legal_deal', shopDeal],
    ] as const) {
      const anon = await get(t, null, path, { id });
      expect(anon.body.type).toBe('999');
      expectNoContact(`anonymous ${path}`, anon.body, v, { payment: true });
      const foreign = await get(t, other, path, { id });
      expect(foreign.body.type, `${path} for another user`).not.toBe('ok');
      expectNoContact(`another user's ${path}`, foreign.body, v, { payment: true });
    }
    // The ad lists after the take still show only the nickname.
    const after = await get(t, other, '/api/c2c_deal_platform', { type: 'buy', page: '1' });
    expectNoContact('c2c_deal_platform after a take', after.body, v, { payment: true });

    // The two parties see each other's payment details (and the taker the victim's phone).
    const c2cForTaker = await get(t, taker, '/api/c2c_deal', { id: c2cDeal });
    expect(c2cForTaker.body.message).toMatchObject({
      seller_name: nickname,
      seller_phone: phone,
      sell_cash_info: { bank_account: `62220${v.id}`, alipay_account: `ali${v.id}` },
    });
    const c2cForVictim = await get(t, v, '/api/c2c_deal', { id: c2cDeal });
    expect(c2cForVictim.body.message.user_cash_info.bank_account).toBe(takerPayment);
    const shopForTaker = await get(t, taker, '/api/legal_deal', { id: shopDeal });
    expect(shopForTaker.body.message).toMatchObject({
      seller_phone: phone,
      hes_account: email,
      sell_cash_info: { bank_account: `62220${v.id}`, wechat_account: `wx${v.id}` },
    });
    const shopForVictim = await get(t, v, '/api/legal_deal', { id: shopDeal });
    expect(shopForVictim.body.message.user_cash_info.bank_account).toBe(takerPayment);

    // The taker's own deal lists carry no contact data of the victim either.
    expectNoContact('c2c_user_deal', (await get(t, taker, '/api/c2c_user_deal', { page: '1' })).body, v);
    expectNoContact('legal_user_deal', (await get(t, taker, '/api/legal_user_deal', { page: 1 })).body, v);

    // Leave nothing open for the other tests of the file.
    await t.call(
      'POST',
      '/api/c2c/user_legal_pay_cancel',
      { id: c2cDeal, password: PW },
      { token: taker.token },
    );
    await t.call(
      'POST',
      '/api/user_legal_pay_cancel',
      { id: shopDeal, password: PW },
      { token: taker.token },
    );
  });

  it('renames shops whose names carried contact data (migration)', async () => {
    const t = getApp();
    const db = t.app.ctx.db;
    const shop = async (email: string, name: string) => {
      const { id } = await registerAndLogin(t, email);
      const row = await db
        .insertInto('p2p_shops')
        .values({ user_id: id, currency_id: 1, name, created_at: t.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { nickname } = await db
        .selectFrom('users')
        .select('nickname')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { id: row.id, nickname };
    };
    const leaky = await shop(`zq-leaky-${t.kind}@example.com`, `Shop zq-leaky-${t.kind}@example.com`);
    const phone = await shop(`zq-phone-${t.kind}@example.com`, 'Call 139 5731 8642');
    const clean = await shop(`zq-clean-${t.kind}@example.com`, 'Golden Coins');
    await shopPublicNames.up(db as unknown as Kysely<unknown>);
    const names = await db
      .selectFrom('p2p_shops')
      .select(['id', 'name'])
      .where('id', 'in', [leaky.id, phone.id, clean.id])
      .orderBy('id')
      .execute();
    expect(names.map((r) => r.name)).toEqual([
      `Shop ${leaky.nickname}`,
      `Shop ${phone.nickname}`,
      'Golden Coins',
    ]);
  });
});
