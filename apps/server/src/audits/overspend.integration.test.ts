/**
 * Overspending in parallel, one money path at a time: a fresh user with a small balance fires 24
 * requests at once that together cost far more than it has. Exactly floor(balance / cost) pass (not "at
 * most": a path that refuses everything fails too), no balance (available or frozen) goes below zero,
 * what left the balance is exactly the passed requests' cost, and the ledger check passes. Paths: spot
 * buys and sells, seconds options, lever opens and closes, earning deposits, coin exchange, points
 * exchange, withdrawals, acceptor deals, C2C takes (one ad), shop takes (an ad's amount). Wallet transfers have their own test
 * (wallet.concurrency.integration.test.ts).
 *
 * The setups are small helpers (a funded user with a trade password, a bound withdrawal address, a
 * points binding, a scripted mark) written straight to the database, so a change of the rules around
 * them (codes, second factors) is adapted in one place.
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../test/harness';
import { bindWithdrawAddress, demoCredit, QUICK_TRADE_PASSWORD, quickUser } from '../../test/accounts';
import { checkLedger } from '../modules/ledger/check';
import { ledger, userAccount } from '../modules/ledger/service';
import type { UserWallet } from '../modules/ledger/accounts';
import { ScriptedTrades } from '../modules/mark/scripted-trades';
import { sandboxAddress } from '../modules/funding/chain/sandbox';
import { bindAccount } from '../modules/points/service';
import { pointsProviderOf } from '../modules/points/provider';
import { JC_CURRENCY_ID } from '../modules/points/config';
import { paymentDetails } from '../modules/p2p/test-helpers';
import { sellAd as shopSellAd } from '../modules/p2p/shop/shop-helpers.test-support';

const U = 100_000_000n;
const USDT = 1;
const BTC = 2;
const PARALLEL = 24;
const TRADE_PW = QUICK_TRADE_PASSWORD;
let n = 0;

interface Spender {
  token: string;
  id: number;
  email: string;
}

/** A fresh user with a trade password and `amountMinor` of `currencyId` in `wallet`. */
async function fundedUser(
  t: TestApp,
  wallet: UserWallet,
  currencyId: number,
  amountMinor: bigint,
): Promise<Spender> {
  const u = await quickUser(t, { prefix: 'spend' });
  await credit(t, u.id, wallet, currencyId, amountMinor);
  return u;
}

const credit = (t: TestApp, id: number, wallet: UserWallet, currencyId: number, amountMinor: bigint) =>
  demoCredit(t, id, wallet, currencyId, amountMinor, `spend-${++n}`);

const balanceOf = (t: TestApp, id: number, wallet: UserWallet, currencyId: number) =>
  ledger.balance(t.app.ctx.db, userAccount(id, wallet), currencyId);

/** Fires the same request PARALLEL times at once; answers the replies' codes and how many passed. */
async function race(t: TestApp, path: string, body: Record<string, unknown>, token: string) {
  const results = await Promise.all(
    Array.from({ length: PARALLEL }, () => t.call('POST', path, body, { token })),
  );
  const codes = results.map((r) => (r.body.type === 'ok' ? 'ok' : String(r.body.code ?? r.body.type)));
  return { ok: codes.filter((c) => c === 'ok').length, codes: JSON.stringify(codes) };
}

/** No user account anywhere below zero (system accounts such as genesis may be), and the ledger's own check. */
async function expectNothingNegative(t: TestApp) {
  const negative = await t.app.ctx.db
    .selectFrom('ledger_accounts')
    .select(['id', 'available_minor', 'frozen_minor'])
    .where((eb) => eb.or([eb('available_minor', '<', 0n), eb('frozen_minor', '<', 0n)]))
    .where('wallet', 'in', ['change', 'legal', 'lever', 'micro', 'deposit'])
    .execute();
  expect(negative).toEqual([]);
  expect((await checkLedger(t.app.ctx.db)).ok).toBe(true);
}

/** A scripted mark for the app (seconds options and lever read it through the price seam). */
/** What one request alone takes from a fresh user's USDT `wallet` funded with `funds` (it must pass). */
async function costOfOne(
  t: TestApp,
  wallet: UserWallet,
  funds: bigint,
  path: string,
  body: Record<string, unknown>,
): Promise<bigint> {
  const probe = await fundedUser(t, wallet, USDT, funds);
  const one = await t.call('POST', path, body, { token: probe.token });
  expect(one.body.type, JSON.stringify(one.body)).toBe('ok');
  const cost = funds - (await balanceOf(t, probe.id, wallet, USDT)).availableMinor;
  expect(cost).toBeGreaterThan(0n);
  return cost;
}

/** A fresh user with two and a half times `cost` in USDT fires the request 24 times: exactly 2 pass. */
async function twoOfTwoAndAHalf(
  t: TestApp,
  wallet: UserWallet,
  cost: bigint,
  path: string,
  body: Record<string, unknown>,
): Promise<Spender> {
  const u = await fundedUser(t, wallet, USDT, (cost * 5n) / 2n);
  const r = await race(t, path, body, u.token);
  expect(r.ok, r.codes).toBe(2);
  expect((await balanceOf(t, u.id, wallet, USDT)).availableMinor).toBe((cost * 5n) / 2n - 2n * cost);
  await expectNothingNegative(t);
  return u;
}

function scriptedMark(t: TestApp, marketId: number, price: bigint): ScriptedTrades {
  const feed = new ScriptedTrades();
  t.app.ctx.services.mark.prices = feed;
  t.clock.advance(20_000);
  feed.add(marketId, price, t.clock.now() - 1000);
  return feed;
}

/** A withdrawal address bound and past its cool-off (what `wallet/add_address` and waiting leave). */
async function boundAddress(t: TestApp, userId: number): Promise<string> {
  const address = sandboxAddress('overspend', userId);
  await bindWithdrawAddress(t, userId, address);
  return address;
}

describeEachDb('overspending in parallel', (getApp) => {
  it('spot buys: 24 orders of 10 USDT from 35 USDT: exactly 3 rest', async () => {
    const t = getApp();
    const u = await fundedUser(t, 'change', USDT, 35n * U);
    // 0.01 BTC at 1,000 USDT rests far below the market: 10 USDT held per order.
    const order = { legal_id: USDT, currency_id: BTC, target_price: '1000', amount: '0.01', type: 1 };
    const r = await race(t, '/api/coin/trade', order, u.token);
    expect(r.ok, r.codes).toBe(3);
    const bal = await balanceOf(t, u.id, 'change', USDT);
    expect(bal.availableMinor + bal.frozenMinor).toBe(35n * U);
    expect(bal.frozenMinor).toBe(30n * U);
    await expectNothingNegative(t);
  });

  it('spot sells: 24 orders of 0.1 BTC from 0.25 BTC: exactly 2 rest', async () => {
    const t = getApp();
    const u = await fundedUser(t, 'change', BTC, U / 4n);
    const order = { legal_id: USDT, currency_id: BTC, target_price: '9000000', amount: '0.1', type: 2 };
    const r = await race(t, '/api/coin/trade', order, u.token);
    expect(r.ok, r.codes).toBe(2);
    const bal = await balanceOf(t, u.id, 'change', BTC);
    expect(bal.availableMinor + bal.frozenMinor).toBe(U / 4n);
    expect(bal.frozenMinor).toBe(2n * (U / 10n));
    await expectNothingNegative(t);
  });

  it('seconds options: 24 stakes of 100 USDT (and the fee) from 250 USDT: exactly 2 open', async () => {
    const t = getApp();
    scriptedMark(t, 1, 100n * U);
    const u = await fundedUser(t, 'micro', USDT, 250n * U);
    const stake = { match_id: 1, currency_id: USDT, type: 1, seconds: 60, number: 100 };
    const r = await race(t, '/api/microtrade/submit', stake, u.token);
    expect(r.ok, r.codes).toBe(2);
    const bal = await balanceOf(t, u.id, 'micro', USDT);
    const open = await t.app.ctx.db
      .selectFrom('micro_orders')
      .select(['stake_minor', 'fee_minor'])
      .where('user_id', '=', u.id)
      .execute();
    expect(open).toHaveLength(2);
    const cost = open.reduce((a, o) => a + o.stake_minor + o.fee_minor, 0n);
    expect(cost).toBeLessThanOrEqual(250n * U);
    expect(bal.availableMinor).toBe(250n * U - cost);
    await expectNothingNegative(t);
  });

  it('lever opens: 24 market orders, the balance covering two and a half: exactly 2 open', async () => {
    const t = getApp();
    scriptedMark(t, 1, 100_000n * U);
    const order = {
      legal_id: USDT,
      currency_id: BTC,
      multiple: 10,
      share: 1,
      type: 1,
      status: 1,
      target_price: '',
      password: TRADE_PW,
    };
    // One order alone tells its cost (margin and fee) under the rules of the day.
    const cost = await costOfOne(t, 'lever', 10_000n * U, '/api/lever/submit', order);
    const u = await twoOfTwoAndAHalf(t, 'lever', cost, '/api/lever/submit', order);

    // Lever closes: 24 closes of one position at once close it once (its margin returned once).
    const [position] = await t.app.ctx.db
      .selectFrom('lever_orders')
      .select('id')
      .where('user_id', '=', u.id)
      .where('status', '=', 1)
      .execute();
    const closes = await race(t, '/api/lever/close', { id: position!.id, password: TRADE_PW }, u.token);
    expect(closes.ok, closes.codes).toBe(1);
    const returns = await t.app.ctx.db
      .selectFrom('ledger_entries')
      .select('reason')
      .where('ref_type', '=', 'lever_order')
      .where('ref_id', '=', String(position!.id))
      .where('reason', '=', 'lever.margin_return')
      .execute();
    expect(returns).toHaveLength(1);
    await expectNothingNegative(t);
  });

  it('earning deposits: 24 deposits of 100 USDT from 250 USDT: exactly 2 locked', async () => {
    const t = getApp();
    const u = await fundedUser(t, 'change', USDT, 250n * U);
    const body = { set_id: 1, currency_id: USDT, balance: '100', password: TRADE_PW };
    const r = await race(t, '/api/record/submit', body, u.token);
    expect(r.ok, r.codes).toBe(2);
    expect((await balanceOf(t, u.id, 'change', USDT)).availableMinor).toBe(50n * U);
    const records = await t.app.ctx.db
      .selectFrom('earning_records')
      .select('id')
      .where('user_id', '=', u.id)
      .execute();
    expect(records).toHaveLength(2);
    await expectNothingNegative(t);
  });

  it('coin exchange: 24 exchanges of 0.1 BTC from 0.25 BTC: exactly 2', async () => {
    const t = getApp();
    const u = await fundedUser(t, 'change', BTC, U / 4n);
    const r = await race(t, '/api/exchange/exchange', { id: BTC, number: '0.1' }, u.token);
    expect(r.ok, r.codes).toBe(2);
    expect((await balanceOf(t, u.id, 'change', BTC)).availableMinor).toBe(U / 20n);
    await expectNothingNegative(t);
  });

  it('points exchange: 24 exchanges of 10 JC from 25 JC: exactly 2', async () => {
    const t = getApp();
    const u = await fundedUser(t, 'change', JC_CURRENCY_ID, 25n * U);
    await bindAccount(t.app.ctx, u.id, pointsProviderOf(t.app.ctx.env), {
      user_name: 'spend',
      password: 'pw',
    });
    const r = await race(t, '/api/jc/exchange', { use_number: '10', password: TRADE_PW }, u.token);
    expect(r.ok, r.codes).toBe(2);
    expect((await balanceOf(t, u.id, 'change', JC_CURRENCY_ID)).availableMinor).toBe(5n * U);
    await expectNothingNegative(t);
  });

  it('withdrawals: 24 of 20 USDT from 50 USDT: exactly 2 frozen', async () => {
    const t = getApp();
    const u = await fundedUser(t, 'change', USDT, 50n * U);
    const address = await boundAddress(t, u.id);
    const body = { currency: USDT, type: 'erc20', number: '20', address, pay_password: TRADE_PW };
    const r = await race(t, '/api/wallet/out', body, u.token);
    expect(r.ok, r.codes).toBe(2);
    const bal = await balanceOf(t, u.id, 'change', USDT);
    expect({ available: bal.availableMinor, frozen: bal.frozenMinor }).toEqual({
      available: 10n * U,
      frozen: 40n * U,
    });
    await expectNothingNegative(t);
  });

  it('acceptor sells: 24 deals of 100 CNY, the legal balance covering two and a half: exactly 2', async () => {
    const t = getApp();
    const acceptor = await t.app.ctx.db
      .selectFrom('acceptors')
      .select('id')
      .where('user_id', '=', await t.userId('seller@oryx.local'))
      .executeTakeFirstOrThrow();
    const deal = {
      acceptor_id: acceptor.id,
      type: 'sell',
      way: 'bank',
      mobile: '13812345678',
      deal_account: '6222 0000 1111',
      money: '100',
      password: TRADE_PW,
    };
    // One deal alone tells its cost in coins at the acceptor's rate of the day.
    const cost = await costOfOne(t, 'legal', 1_000n * U, '/api/acceptor/deal', deal);
    await twoOfTwoAndAHalf(t, 'legal', cost, '/api/acceptor/deal', deal);
  });

  it("shop takes: a shop's sell ad of 10 USDT taken 4 at a time by 24 buyers at once: exactly 2", async () => {
    const t = getApp();
    const owner = await fundedUser(t, 'legal', USDT, 100n * U);
    await paymentDetails(t, owner.id);
    const admin = await t.tokenFor('admin@oryx.local');
    const shop = await t.call(
      'POST',
      '/api/admin/p2p/open_shop',
      { account: owner.email, currency_id: USDT, name: `Shop ${owner.id}`, password: TRADE_PW },
      { token: admin },
    );
    expect(shop.body.type, JSON.stringify(shop.body)).toBe('ok');
    const shopId = shop.body.message.id as number;
    const into = { number: '50', type: 'in', seller_id: shopId, password: TRADE_PW };
    expect((await t.call('POST', '/api/seller/transfer', into, { token: owner.token })).body.type).toBe('ok');
    const ad = { ...shopSellAd, seller_id: shopId, password: TRADE_PW };
    const posted = await t.call('POST', '/api/legal_send', ad, { token: owner.token });
    expect(posted.body.type, JSON.stringify(posted.body)).toBe('ok');
    const [row] = await t.app.ctx.db
      .selectFrom('p2p_ads')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('kind', '!=', 'c2c')
      .execute();
    const buyers = [];
    for (let i = 0; i < PARALLEL; i++) {
      const b = await fundedUser(t, 'legal', USDT, 1n);
      await paymentDetails(t, b.id);
      buyers.push(b);
    }
    const take = { id: row!.id, means: 'number', value: '4', password: TRADE_PW };
    const results = await Promise.all(
      buyers.map((b) => t.call('POST', '/api/do_legal_deal', take, { token: b.token })),
    );
    const codes = results.map((x) => (x.body.type === 'ok' ? 'ok' : String(x.body.code)));
    expect(codes.filter((c) => c === 'ok').length, JSON.stringify(codes)).toBe(2);
    const deals = await t.app.ctx.db
      .selectFrom('p2p_deals')
      .select('id')
      .where('ad_id', '=', row!.id)
      .execute();
    expect(deals).toHaveLength(2);
    await expectNothingNegative(t);
  });

  it('C2C takes: one sell ad of 2 USDT taken 24 times at once: exactly one deal', async () => {
    const t = getApp();
    const seller = await fundedUser(t, 'legal', USDT, 100n * U);
    const buyer = await fundedUser(t, 'legal', USDT, 100n * U);
    for (const p of [seller, buyer]) await paymentDetails(t, p.id);
    const ad = {
      type: 'sell',
      price: '7.10',
      total_number: '2',
      way: 'bank',
      currency_id: USDT,
      coin_code: 'CNY',
      password: TRADE_PW,
    };
    const posted = await t.call('POST', '/api/c2c_send', ad, { token: seller.token });
    expect(posted.body.type, JSON.stringify(posted.body)).toBe('ok');
    const [row] = await t.app.ctx.db
      .selectFrom('p2p_ads')
      .select('id')
      .where('user_id', '=', seller.id)
      .execute();
    const r = await race(t, '/api/c2c/do_legal_deal', { id: row!.id, password: TRADE_PW }, buyer.token);
    expect(r.ok, r.codes).toBe(1);
    const deals = await t.app.ctx.db
      .selectFrom('p2p_deals')
      .select('id')
      .where('ad_id', '=', row!.id)
      .execute();
    expect(deals).toHaveLength(1);
    await expectNothingNegative(t);
  });
});
