/**
 * The authorization sweep over the route table.
 *
 * - Every call that needs a session refuses without one; every operator call refuses a user.
 * - A victim owns one object of every kind (spot order, lever position and pending lever order, C2C ad
 *   and deal, shop deal, acceptor deal, withdrawal, deposit address, withdrawal address, payment details,
 *   earning record, seconds option, upload). Every call that takes an id (user calls, and calls where
 *   login is optional or absent) is sent the ids of those objects by another user, by each staff role
 *   acting as a user (auditor, operator, administrator) and, where login is optional, by nobody. Nothing
 *   of the victim's may appear in any reply: not the ids of its objects (numbered from ID_BASE up, so
 *   none is mistaken for another row's), not its amounts (each one distinctive), addresses, account
 *   number, e-mail or payment details, masked or not. And no row of the victim's changes.
 *
 * Calls meant to act on another user's public object (taking an ad) are listed in PUBLIC_ACTIONS and
 * not sent; calls showing public objects (ad lists) in PUBLIC_VIEWS may show the ad, never the victim's
 * private data.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  bindWithdrawAddress,
  demoCredit,
  QUICK_TRADE_PASSWORD,
  quickUser,
  upload,
  pngBytes,
} from '../../test/accounts';
import { describeEachDb, type TestApp } from '../../test/harness';
import { fieldsOf, methodOf, send } from '../../test/calls';
import { registeredCalls } from '../lib/route';
import type { UserWallet } from '../modules/ledger/service';
import { sandboxAddress } from '../modules/funding/chain/sandbox';
import { coinOf, depositAddressOf, networkOf } from '../modules/funding/service';
import { ScriptedTrades } from '../modules/mark/scripted-trades';
import { sellAd as shopSellAd } from '../modules/p2p/shop/shop-helpers.test-support';

/** Plausible values, so a refusal comes from the rules and not from a missing field. */
const PLAUSIBLE: Record<string, unknown> = {
  page: 1,
  limit: 10,
  currency: 1,
  currency_id: 1,
  legal_id: 1,
  symbol: 'BTC/USDT',
};
const ID_FIELD = /^(id|ids|.+_id)$/;
/** Calls that end the caller's own sessions: they would only blind the rest of the sweep. */
const SKIP = new Set(['/api/user/logout', '/api/security/sessions/end_others']);
/** Calls whose purpose is to act on another user's public object (not sent: that is their job). */
const PUBLIC_ACTIONS = new Map<string, string>([
  ['/api/c2c/do_legal_deal', "taking a C2C ad: the victim's ad is public, anyone may take it"],
  ['/api/do_legal_deal', 'taking a shop ad: a shop ad is public, anyone may take it'],
]);
/**
 * Calls showing public objects (an ad's price and amounts): sent, and they may show those, but never
 * the victim's private data (e-mail, payment details, addresses, phone).
 */
const PUBLIC_VIEWS = new Map<string, string>([
  ['/api/c2c_deal_platform', 'the public C2C ad list'],
  ['/api/legal_deal_platform', 'the public shop ad list'],
  ['/api/legal_deal_info', 'a public shop ad'],
]);
/** Ids of the victim's objects start here (every table's sequence is moved past it first). */
const ID_BASE = 7_340_000;

const U = 100_000_000n;
const USDT = 1;

const credit = (t: TestApp, id: number, wallet: UserWallet, currencyId: number, amountMinor: bigint) =>
  demoCredit(t, id, wallet, currencyId, amountMinor, `authz-${id}-${wallet}-${currencyId}`);

/** Moves every table's id sequence to `base`, so the rows made next have ids no other row has. */
async function moveSequences(t: TestApp, base: number) {
  const db = t.app.ctx.db;
  for (const table of await db.introspection.getTables()) {
    const id = table.columns.find((c) => c.name === 'id');
    if (!id?.isAutoIncrementing || table.name.startsWith('kysely_')) continue;
    if (t.kind === 'postgres')
      await sql`select setval(pg_get_serial_sequence(${table.name}, 'id'), ${base})`.execute(db);
    else {
      await sql`delete from sqlite_sequence where name = ${table.name}`.execute(db);
      await sql`insert into sqlite_sequence (name, seq) values (${table.name}, ${base})`.execute(db);
    }
  }
}

/** Payment details, written as the binding calls would (they need a code and a second factor). */
async function paymentDetails(t: TestApp, userId: number, tag: string) {
  await t.app.ctx.db
    .insertInto('user_cash_info')
    .values({
      user_id: userId,
      real_name: `Realname ${tag}`,
      bank_name: `Bank ${tag}`,
      bank_account: `62229${tag}`,
      alipay_account: `alipay-${tag}`,
      wechat_nickname: '',
      wechat_account: `wechat-${tag}`,
      alipay_collect: '',
      wechat_collect: '',
      updated_at: t.clock.now(),
    })
    .execute();
}

async function ok(t: TestApp, token: string, method: string, path: string, body: Record<string, unknown>) {
  const r = await t.call(method, path, body, { token });
  expect(r.body.type, `${path}: ${JSON.stringify(r.body)}`).toBe('ok');
  return r.body;
}

/** Another user's C2C ad and shop ad (made before the victim's objects, so their ids stay low). */
async function counterparty(t: TestApp) {
  const pw = QUICK_TRADE_PASSWORD;
  const counter = await quickUser(t, { prefix: 'counter' });
  await credit(t, counter.id, 'legal', USDT, 100n * U);
  await paymentDetails(t, counter.id, `cp${counter.id}`);
  await ok(t, counter.token, 'POST', '/api/c2c_send', {
    type: 'sell',
    price: '7.10',
    total_number: '2',
    way: 'bank',
    currency_id: USDT,
    coin_code: 'CNY',
    password: pw,
  });
  const counterAd = await t.app.ctx.db
    .selectFrom('p2p_ads')
    .select('id')
    .where('user_id', '=', counter.id)
    .executeTakeFirstOrThrow();
  // A shop with an ad.
  const admin = await t.tokenFor('admin@oryx.local');
  const shop = await ok(t, admin, 'POST', '/api/admin/p2p/open_shop', {
    account: counter.email,
    currency_id: USDT,
    name: `Shop ${counter.id}`,
    password: pw,
  });
  await credit(t, counter.id, 'legal', USDT, 100n * U);
  await ok(t, counter.token, 'POST', '/api/seller/transfer', {
    number: '50',
    type: 'in',
    seller_id: shop.message.id,
    password: pw,
  });
  await ok(t, counter.token, 'POST', '/api/legal_send', {
    ...shopSellAd,
    seller_id: shop.message.id,
    password: pw,
  });
  const shopAd = await t.app.ctx.db
    .selectFrom('p2p_ads')
    .select('id')
    .where('user_id', '=', counter.id)
    .where('kind', '!=', 'c2c')
    .executeTakeFirstOrThrow();
  return { counterAd, shopAd };
}

/**
 * The victim and one object of every kind; answers the victim and the text that must not leak (its
 * amounts are chosen to be found nowhere else).
 */
async function victimWithEverything(t: TestApp) {
  const { counterAd, shopAd } = await counterparty(t);
  await moveSequences(t, ID_BASE);
  const v = await quickUser(t, { prefix: 'victim' });
  const tag = `vx${v.id}`;
  const w = (wallet: UserWallet, currencyId: number, units: bigint) =>
    credit(t, v.id, wallet, currencyId, units * U);
  await w('change', USDT, 10_000n);
  await w('legal', USDT, 1_000n);
  await w('lever', USDT, 10_000n);
  await w('micro', USDT, 1_000n);
  await paymentDetails(t, v.id, tag);
  const feed = new ScriptedTrades();
  t.app.ctx.services.mark.prices = feed;
  t.clock.advance(20_000);
  feed.add(1, 96_000n * U, t.clock.now() - 1000);
  const pw = QUICK_TRADE_PASSWORD;

  // Spot: a resting buy far below the market.
  await ok(t, v.token, 'POST', '/api/coin/trade', {
    legal_id: USDT,
    currency_id: 2,
    target_price: '1313.13',
    amount: '0.0717',
    type: 1,
  });
  // Lever: a position and a pending limit order.
  const lever = { legal_id: USDT, currency_id: 2, multiple: 10, share: 3, type: 1, password: pw };
  await ok(t, v.token, 'POST', '/api/lever/submit', { ...lever, status: 1, target_price: '' });
  await ok(t, v.token, 'POST', '/api/lever/submit', { ...lever, status: 0, target_price: '81717' });
  // Seconds option.
  await ok(t, v.token, 'POST', '/api/microtrade/submit', {
    match_id: 1,
    currency_id: USDT,
    type: 1,
    seconds: 60,
    number: 171,
  });
  // Earning deposit.
  await ok(t, v.token, 'POST', '/api/record/submit', {
    set_id: 1,
    currency_id: USDT,
    balance: '173',
    password: pw,
  });
  // Deposit address and a withdrawal to a bound address.
  const coin = await coinOf(t.app.ctx.db, USDT);
  const network = await networkOf(t.app.ctx.db, coin, 'erc20');
  const deposit = await depositAddressOf(t.app.ctx, v.id, coin, network);
  const withdrawTo = sandboxAddress('authz-victim', v.id);
  await bindWithdrawAddress(t, v.id, withdrawTo);
  await ok(t, v.token, 'POST', '/api/wallet/out', {
    currency: USDT,
    type: 'erc20',
    number: '27.17',
    address: withdrawTo,
    pay_password: pw,
  });
  // C2C: the victim's sell ad, and a deal on another counterparty's ad.
  await ok(t, v.token, 'POST', '/api/c2c_send', {
    type: 'sell',
    price: '7.17',
    total_number: '3.17',
    way: 'bank',
    currency_id: USDT,
    coin_code: 'CNY',
    password: pw,
  });
  await ok(t, v.token, 'POST', '/api/c2c/do_legal_deal', { id: counterAd.id, password: pw });
  // Shop: the counterparty's shop ad, taken by the victim.
  await ok(t, v.token, 'POST', '/api/do_legal_deal', {
    id: shopAd.id,
    means: 'number',
    value: '1.17',
    password: pw,
  });
  // Acceptor: a deal with the demo's CNY acceptor.
  const acceptor = await t.app.ctx.db
    .selectFrom('acceptors')
    .select('id')
    .where('user_id', '=', await t.userId('seller@oryx.local'))
    .executeTakeFirstOrThrow();
  await ok(t, v.token, 'POST', '/api/acceptor/deal', {
    acceptor_id: acceptor.id,
    type: 'buy',
    way: 'bank',
    mobile: '13817171717',
    deal_account: `6222 ${tag}`,
    money: '717',
    password: pw,
  });
  // An upload.
  const up = await upload(t, v.token, pngBytes());
  expect(up.body.type, JSON.stringify(up.body)).toBe('ok');

  const leaks = {
    private: [
      v.email,
      tag,
      deposit.address,
      withdrawTo,
      '13817171717',
      String(up.body.message).split('/').pop()!,
    ],
    amounts: ['1313.13', '0.0717', '81717', '27.17', '3.17', '1.17', '717.', '173.', '171.'],
  };
  return { victim: v, leaks };
}

/** The victim's rows in every table that names a user, and the ids of its objects. */
async function rowsOf(
  t: TestApp,
  userId: number,
): Promise<{ rows: Record<string, string[]>; ids: number[]; objects: number }> {
  const db = t.app.ctx.db;
  const rows: Record<string, string[]> = {};
  const ids = new Set<number>();
  let objects = 0;
  for (const table of await db.introspection.getTables()) {
    const cols = table.columns.map((c) => c.name);
    const owners = cols.filter((c) =>
      ['user_id', 'buyer_id', 'seller_id', 'taker_id', 'ad_user_id'].includes(c),
    );
    if (owners.length === 0 || table.name.startsWith('kysely_') || table.name === 'sessions') continue;
    const found = await db
      .selectFrom(table.name as 'users')
      .selectAll()
      .where((eb) => eb.or(owners.map((c) => eb(c as 'id', '=', userId))))
      .execute();
    rows[table.name] = found
      .map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))
      .sort();
    if (cols.includes('id') && !table.name.startsWith('ledger_'))
      for (const r of found) {
        ids.add(Number((r as { id: number }).id));
        objects++;
      }
  }
  return { rows, ids: [...ids].sort((a, b) => a - b), objects };
}

describeEachDb('authorization sweep over every call', (getApp) => {
  it('calls that need a session refuse without one; operator calls refuse a user', async () => {
    const t = getApp();
    const user = await t.tokenFor('demo2@oryx.local');
    const faults: string[] = [];
    let checked = 0;
    for (const call of registeredCalls(t.app)) {
      if (call.auth === 'none' || call.auth === 'optional') continue;
      checked++;
      const fields = fieldsOf(call.input);
      const input = Object.fromEntries(fields.filter((f) => f in PLAUSIBLE).map((f) => [f, PLAUSIBLE[f]]));
      const anonymous = await send(t, call, input);
      // Calls clients of this API family send without a token refuse without `999` (their logout).
      const refusal = call.withoutToken ? /"type":"error"/ : /"type":"999"/;
      if (!refusal.test(anonymous.text)) faults.push(`${call.path} without a session: ${anonymous.text}`);
      if (call.auth === 'admin') {
        const asUser = await send(t, call, input, { token: user });
        if (!/"code":"FORBIDDEN"/.test(asUser.text)) faults.push(`${call.path} as a user: ${asUser.text}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(faults).toEqual([]);
  });

  it("ids of the victim's objects, sent by another user and by staff acting as users, change and show nothing of the victim's", async () => {
    const t = getApp();
    const { victim, leaks } = await victimWithEverything(t);
    const before = await rowsOf(t, victim.id);
    const ids = before.ids;
    const victimTables = Object.entries(before.rows)
      .filter(([, r]) => r.length > 0)
      .map(([name]) => name);
    // One object of every kind, all numbered past ID_BASE (spot orders are numbered by the engine).
    for (const kind of [
      'lever_orders',
      'p2p_ads',
      'p2p_deals',
      'acceptor_deals',
      'funding_withdrawals',
      'funding_addresses',
      'funding_withdraw_addresses',
      'earning_records',
      'micro_orders',
      'uploads',
      'spot_orders',
    ])
      expect(victimTables, kind).toContain(kind);
    const numbered = ids.filter((id) => id > ID_BASE);
    expect(numbered.length).toBeGreaterThanOrEqual(2);
    const idPattern = new RegExp(`\\b(${numbered.join('|')})\\b`);

    const other = await quickUser(t, { prefix: 'attacker' });
    const attackers: [string, string | undefined][] = [
      ['another user', other.token],
      ['the auditor', await t.tokenFor('auditor@oryx.local')],
      ['an operator', await t.tokenFor('operator@oryx.local')],
      ['the administrator', await t.tokenFor('admin@oryx.local')],
    ];
    const faults: string[] = [];
    let sent = 0;
    const swept = new Set<string>();
    for (const call of registeredCalls(t.app)) {
      if (call.auth === 'admin' || SKIP.has(call.path) || PUBLIC_ACTIONS.has(call.path)) continue;
      const fields = fieldsOf(call.input);
      const idFields = fields.filter((f) => ID_FIELD.test(f));
      if (idFields.length === 0) continue;
      swept.add(call.path);
      const base = Object.fromEntries(fields.filter((f) => f in PLAUSIBLE).map((f) => [f, PLAUSIBLE[f]]));
      const who: [string, string | undefined][] =
        call.auth === 'user' ? attackers : [...attackers, ['nobody', undefined]];
      for (const field of idFields) {
        for (const id of ids) {
          for (const [name, token] of who) {
            const res = await send(t, call, { ...base, [field]: id }, { token });
            sent++;
            const what = `${methodOf(call)} ${call.path} ${field}=${id} by ${name}`;
            if (res.status >= 500) faults.push(`${what}: ${res.status}`);
            const shown = PUBLIC_VIEWS.has(call.path)
              ? leaks.private.find((l) => res.text.includes(l))
              : ([...leaks.private, ...leaks.amounts].find((l) => res.text.includes(l)) ??
                res.text.match(idPattern)?.[0]);
            if (shown) faults.push(`${what} shows the victim's ${shown}: ${res.text.slice(0, 300)}`);
          }
        }
      }
    }
    console.info(
      `authz [${t.kind}]: ${before.objects} victim objects (ids ${ids.join(', ')}) in ${victimTables.length} tables, ${swept.size} calls ` +
        `taking an id, ${attackers.length} callers (+ nobody where login is optional), ${sent} requests`,
    );
    expect(swept.size).toBeGreaterThan(30);
    expect(sent).toBeGreaterThan(500);
    expect(faults).toEqual([]);
    expect((await rowsOf(t, victim.id)).rows).toEqual(before.rows);
  }, 240_000);

  // The public C2C ad list names the seller by their public nickname, never by a contact detail.
  it("the public C2C ad list shows no contact detail of the ad's owner", async () => {
    const t = getApp();
    const owner = await quickUser(t, { prefix: 'adowner' });
    await credit(t, owner.id, 'legal', USDT, 10n * U);
    await paymentDetails(t, owner.id, `ao${owner.id}`);
    await ok(t, owner.token, 'POST', '/api/c2c_send', {
      type: 'sell',
      price: '7.11',
      total_number: '1',
      way: 'bank',
      currency_id: USDT,
      coin_code: 'CNY',
      password: QUICK_TRADE_PASSWORD,
    });
    const list = await t.call('GET', '/api/c2c_deal_platform', { currency_id: '1', page: '1' });
    expect(list.body.type).toBe('ok');
    expect(JSON.stringify(list.body)).not.toContain(owner.email);
    expect(JSON.stringify(list.body)).not.toContain(owner.email.split('@')[0]);
  });
});
