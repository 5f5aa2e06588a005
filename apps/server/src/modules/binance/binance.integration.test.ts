/**
 * API keys and the refusals of `/api/v3`: creating a key needs the login password (and the two-factor
 * code when it is on), the secret is shown once and never listed; signatures (HMAC-SHA256 and Ed25519),
 * timestamps, recvWindow, key state, addresses and permissions; bad orders get Binance's codes and change
 * nothing; newClientOrderId is idempotent; request weight ends in 429 with Retry-After.
 */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDb, type TestApp } from '../../../test/harness';
import { registerAndLogin } from '../../../test/accounts';
import { totpNow } from '../auth/two-factor';
import { parseDecimal } from '@oryx/contracts/money';
import { ledger } from '../ledger/service';
import { hmac, signedWith, type Signer } from '../binance-stream/test-helpers';

const A = 'demo1@oryx.local';
const B = 'demo2@oryx.local';

interface Key {
  id: number;
  api_key: string;
  secret: string;
}

async function newKey(t: TestApp, email: string, body: Record<string, unknown> = {}): Promise<Key> {
  const r = await t.call(
    'POST',
    '/api/user/api_keys',
    { label: 'bot', permissions: ['read', 'trade'], password: DEMO_PASSWORD, ...body },
    { token: await t.tokenFor(email) },
  );
  expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
  return r.body.message as Key;
}

/** What a refused request must leave as it was: the user's spot balances and orders. */
async function stateOf(t: TestApp, email: string) {
  const userId = await t.userId(email);
  const balances = (await ledger.balances(t.app.ctx.db, userId)).map((b) => [
    b.currencyId,
    b.wallet,
    String(b.availableMinor),
    String(b.frozenMinor),
  ]);
  const orders = await t.app.ctx.db
    .selectFrom('spot_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { balances, orders: Number(orders.n) };
}

const limitBuy = {
  symbol: 'ETHUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity: '0.01',
  price: '3000',
};

describeEachDb('API keys and the Binance-compatible API', (getApp) => {
  it('creates keys with the password, shows the secret once, lists, disables and deletes them', async () => {
    const t = getApp();
    const token = await t.tokenFor(A);
    const wrong = await t.call(
      'POST',
      '/api/user/api_keys',
      { label: 'x', permissions: ['read'], password: 'wrong-password' },
      { token },
    );
    expect(wrong.body.code).toBe('STEP_UP_PASSWORD_WRONG');
    const bad = await t.call(
      'POST',
      '/api/user/api_keys',
      { label: 'x', permissions: ['withdraw'], password: DEMO_PASSWORD },
      { token },
    );
    expect(bad.body.code).toBe('APIKEY_PERMISSIONS_INVALID');
    const badIp = await t.call(
      'POST',
      '/api/user/api_keys',
      { label: 'x', permissions: ['read'], ip_whitelist: ['not-an-ip'], password: DEMO_PASSWORD },
      { token },
    );
    expect(badIp.body.code).toBe('APIKEY_IP_INVALID');

    const key = await newKey(t, A, { permissions: ['read'], ip_whitelist: '10.1.2.3, 10.1.2.4' });
    expect(key.api_key).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(key.secret).toMatch(/^[A-Za-z0-9]{64}$/);
    // At rest the secret is encrypted.
    const row = await t.app.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(key.secret);
    const list = await t.call('GET', '/api/user/api_keys', undefined, { token });
    const listed = (list.body.message.list as Record<string, unknown>[]).find((k) => k.id === key.id)!;
    expect(listed).toMatchObject({
      permissions: ['read'],
      ip_whitelist: ['10.1.2.3', '10.1.2.4'],
      is_enabled: true,
    });
    expect(JSON.stringify(list.body)).not.toContain(key.secret);
    // The owner is told (a security notice, e-mailed too).
    const notices = await t.app.ctx.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', await t.userId(A))
      .where('kind', '=', 'security.api_key_created')
      .execute();
    expect(notices.length).toBeGreaterThan(0);

    // Another user cannot touch it.
    const other = await t.call(
      'POST',
      '/api/user/api_keys/delete',
      { id: key.id },
      { token: await t.tokenFor(B) },
    );
    expect(other.body.code).toBe('APIKEY_NOT_FOUND');
    const off = await t.call('POST', '/api/user/api_keys/disable', { id: key.id }, { token });
    expect(off.body.message.is_enabled).toBe(false);
    const del = await t.call('POST', '/api/user/api_keys/delete', { id: key.id }, { token });
    expect(del.body.type).toBe('ok');
    const after = await t.call('GET', '/api/user/api_keys', undefined, { token });
    expect((after.body.message.list as { id: number }[]).some((k) => k.id === key.id)).toBe(false);
  });

  it('asks for the two-factor code when two-factor is on', async () => {
    const t = getApp();
    const email = `apikey-2fa-${Date.now()}@example.com`;
    const { token } = await registerAndLogin(t, email);
    const setup = await t.call('POST', '/api/security/2fa/setup', {}, { token });
    const secret = setup.body.message.secret as string;
    const confirm = await t.call(
      'POST',
      '/api/security/2fa/confirm',
      { code: await totpNow(secret, t.clock.now()), password: 'secret-123' },
      { token },
    );
    expect(confirm.body.type).toBe('ok');
    t.clock.advance(30_000);
    const body = { label: 'x', permissions: ['read'], password: 'secret-123' };
    const without = await t.call('POST', '/api/user/api_keys', body, { token });
    expect(without.body.code).toBe('TWO_FACTOR_REQUIRED');
    const withCode = await t.call(
      'POST',
      '/api/user/api_keys',
      { ...body, code: await totpNow(secret, t.clock.now()) },
      { token },
    );
    expect(withCode.body.type).toBe('ok');
  });

  it('refuses bad keys, signatures, timestamps, windows, addresses and permissions, changing nothing', async () => {
    const t = getApp();
    const key = await newKey(t, A);
    const sign = hmac(key.secret);
    const before = await stateOf(t, A);

    const ok = await signedWith(t, 'GET', '/account', key, sign, {});
    expect(ok.status).toBe(200);
    expect(ok.body.accountType).toBe('SPOT');

    const noKey = await t.app.inject({ method: 'GET', url: '/api/v3/account?timestamp=1&signature=x' });
    expect(noKey.json()).toEqual({ code: -2014, msg: 'API-key format invalid.' });
    const unknown = await signedWith(t, 'GET', '/account', { api_key: 'A'.repeat(64) }, sign, {});
    expect([unknown.status, unknown.body.code]).toEqual([401, -2015]);
    const badSig = await signedWith(t, 'POST', '/order', key, hmac('not-the-secret'), limitBuy);
    expect([badSig.status, badSig.body.code]).toEqual([400, -1022]);
    const old = await signedWith(t, 'POST', '/order', key, sign, limitBuy, {
      timestamp: t.clock.now() - 5_001,
    });
    expect(old.body.code).toBe(-1021);
    const ahead = await signedWith(t, 'POST', '/order', key, sign, limitBuy, {
      timestamp: t.clock.now() + 2_000,
    });
    expect(ahead.body.code).toBe(-1021);
    const wide = await signedWith(t, 'POST', '/order', key, sign, { ...limitBuy, recvWindow: 60_001 });
    expect(wide.body.code).toBe(-1131);
    // A wider window (up to 60 s) lets an older request through.
    const within = await signedWith(
      t,
      'GET',
      '/account',
      key,
      sign,
      { recvWindow: 60_000 },
      { timestamp: t.clock.now() - 30_000 },
    );
    expect(within.status).toBe(200);
    // The signature covers every parameter: changing one after signing breaks it.
    const tampered = await signedWith(t, 'POST', '/order', key, sign, limitBuy, {
      signature: sign(
        new URLSearchParams({ ...limitBuy, quantity: '0.02', timestamp: String(t.clock.now()) }).toString(),
      ),
    });
    expect(tampered.body.code).toBe(-1022);

    const readOnly = await newKey(t, A, { permissions: ['read'] });
    const ro = await signedWith(t, 'POST', '/order', readOnly, hmac(readOnly.secret), limitBuy);
    expect([ro.status, ro.body.code]).toEqual([401, -2015]);
    expect((await signedWith(t, 'GET', '/openOrders', readOnly, hmac(readOnly.secret), {})).status).toBe(200);

    const pinned = await newKey(t, A, { ip_whitelist: ['10.7.7.7'] });
    const elsewhere = await signedWith(
      t,
      'GET',
      '/account',
      pinned,
      hmac(pinned.secret),
      {},
      { ip: '10.7.7.8' },
    );
    expect(elsewhere.body.code).toBe(-2015);
    const home = await signedWith(t, 'GET', '/account', pinned, hmac(pinned.secret), {}, { ip: '10.7.7.7' });
    expect(home.status).toBe(200);

    const token = await t.tokenFor(A);
    await t.call('POST', '/api/user/api_keys/disable', { id: key.id }, { token });
    const disabled = await signedWith(t, 'POST', '/order', key, sign, limitBuy);
    expect(disabled.body.code).toBe(-2015);
    await t.call('POST', '/api/user/api_keys/disable', { id: key.id, is_enabled: 1 }, { token });
    await t.call('POST', '/api/user/api_keys/delete', { id: key.id }, { token });
    expect((await signedWith(t, 'POST', '/order', key, sign, limitBuy)).body.code).toBe(-2015);

    expect(await stateOf(t, A)).toEqual(before);
  });

  it('answers bad orders with Binance codes and leaves balances and orders as they were', async () => {
    const t = getApp();
    const key = await newKey(t, A);
    const sign = hmac(key.secret);
    const before = await stateOf(t, A);
    const order = (p: Record<string, string>) =>
      signedWith(t, 'POST', '/order', key, sign, { ...limitBuy, ...p });

    expect((await order({ symbol: 'NOPEUSDT' })).body).toEqual({ code: -1121, msg: 'Invalid symbol.' });
    expect((await order({ price: '3000.001' })).body).toEqual({
      code: -1013,
      msg: 'Filter failure: PRICE_FILTER',
    });
    expect((await order({ quantity: '0.00001' })).body).toEqual({
      code: -1013,
      msg: 'Filter failure: LOT_SIZE',
    });
    expect((await order({ quantity: '0.0001', price: '1' })).body).toEqual({
      code: -1013,
      msg: 'Filter failure: NOTIONAL',
    });
    expect((await order({ quantity: '1abc' })).body.code).toBe(-1100);
    expect((await order({ side: 'HOLD' })).body.code).toBe(-1117);
    expect((await order({ type: 'STOP_LOSS' })).body.code).toBe(-1116);
    expect((await order({ timeInForce: 'GTD' })).body.code).toBe(-1115);
    expect((await order({ type: 'LIMIT_MAKER' })).body.code).toBe(-1100); // a maker takes no timeInForce
    expect((await order({ type: 'MARKET', timeInForce: 'IOC' })).body.code).toBe(-1100);
    const poor = await order({ quantity: '100000', price: '3000' });
    expect(poor.body).toEqual({ code: -2010, msg: 'Account has insufficient balance for requested action.' });
    expect(
      (await signedWith(t, 'POST', '/order/test', key, sign, { ...limitBuy, price: '3000.001' })).body.code,
    ).toBe(-1013);
    expect((await signedWith(t, 'POST', '/order/test', key, sign, limitBuy)).body).toEqual({});

    const unknownGet = await signedWith(t, 'GET', '/order', key, sign, {
      symbol: 'ETHUSDT',
      orderId: 999_999,
    });
    expect(unknownGet.body).toEqual({ code: -2013, msg: 'Order does not exist.' });
    const unknownCancel = await signedWith(t, 'DELETE', '/order', key, sign, {
      symbol: 'ETHUSDT',
      orderId: 999_999,
    });
    expect(unknownCancel.body).toEqual({ code: -2011, msg: 'Unknown order sent.' });
    // Someone else's order is unknown too.
    const theirs = await t.call(
      'POST',
      '/api/coin/trade',
      { legal_id: 1, currency_id: 3, type: 1, target_price: '2000', amount: '0.01' },
      { token: await t.tokenFor(B) },
    );
    const theirId = theirs.body.order.id as number;
    expect(
      (await signedWith(t, 'GET', '/order', key, sign, { symbol: 'ETHUSDT', orderId: theirId })).body.code,
    ).toBe(-2013);
    expect(
      (await signedWith(t, 'DELETE', '/order', key, sign, { symbol: 'ETHUSDT', orderId: theirId })).body.code,
    ).toBe(-2011);

    expect(await stateOf(t, A)).toEqual(before);
  });

  it('keeps newClientOrderId idempotent and finds orders by it; an order placed here is a spot order', async () => {
    const t = getApp();
    const key = await newKey(t, A);
    const sign = hmac(key.secret);
    const params = { ...limitBuy, price: '2500', newClientOrderId: 'my-order-1', newOrderRespType: 'RESULT' };
    const first = await signedWith(t, 'POST', '/order', key, sign, params);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      symbol: 'ETHUSDT',
      clientOrderId: 'my-order-1',
      status: 'NEW',
      price: '2500.00000000',
    });
    expect(first.headers['x-mbx-order-count-10s']).toBe('1');
    const before = await stateOf(t, A);
    const again = await signedWith(t, 'POST', '/order', key, sign, params);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(await stateOf(t, A)).toEqual(before);
    const clash = await signedWith(t, 'POST', '/order', key, sign, { ...params, price: '2400' });
    expect(clash.body.code).toBe(-2010);
    expect(await stateOf(t, A)).toEqual(before);

    const byClient = await signedWith(t, 'GET', '/order', key, sign, {
      symbol: 'ETHUSDT',
      origClientOrderId: 'my-order-1',
    });
    expect(byClient.body.orderId).toBe(first.body.orderId);
    // The same order through the specification's API.
    const list = await t.call('GET', '/api/coin/list', { status: 1 }, { token: await t.tokenFor(A) });
    expect(JSON.stringify(list.body)).toContain(`"id":${first.body.orderId}`);
    const all = await signedWith(t, 'GET', '/allOrders', key, sign, { symbol: 'ETHUSDT' });
    expect((all.body as { orderId: number }[]).map((o) => o.orderId)).toContain(first.body.orderId);
    const cancelled = await signedWith(t, 'DELETE', '/order', key, sign, {
      symbol: 'ETHUSDT',
      origClientOrderId: 'my-order-1',
    });
    expect(cancelled.body).toMatchObject({ status: 'CANCELED', origClientOrderId: 'my-order-1' });
    const twice = await signedWith(t, 'DELETE', '/order', key, sign, {
      symbol: 'ETHUSDT',
      origClientOrderId: 'my-order-1',
    });
    expect(twice.body.code).toBe(-2011);

    // DELETE openOrders cancels every open order of the market.
    await signedWith(t, 'POST', '/order', key, sign, { ...limitBuy, price: '2600' });
    await signedWith(t, 'POST', '/order', key, sign, { ...limitBuy, price: '2700' });
    const gone = await signedWith(t, 'DELETE', '/openOrders', key, sign, { symbol: 'ETHUSDT' });
    expect((gone.body as { status: string }[]).map((o) => o.status)).toEqual(['CANCELED', 'CANCELED']);
    expect((await signedWith(t, 'GET', '/openOrders', key, sign, { symbol: 'ETHUSDT' })).body).toEqual([]);
  });

  it('places IOC, FOK and LIMIT_MAKER orders: the rest of an IOC and an unfillable FOK expire, a crossing maker is refused', async () => {
    const t = getApp();
    const key = await newKey(t, A);
    const sign = hmac(key.secret);
    // B rests 0.02 ETH for sale at 3100.
    const sell = await t.call(
      'POST',
      '/api/coin/trade',
      { legal_id: 1, currency_id: 3, type: 2, target_price: '3100', amount: '0.02' },
      { token: await t.tokenFor(B) },
    );
    expect(sell.body.type).toBe('ok');
    const buy = (p: Record<string, string>) =>
      signedWith(t, 'POST', '/order', key, sign, {
        ...limitBuy,
        price: '3100',
        newOrderRespType: 'FULL',
        ...p,
      });

    // FOK for more than rests: nothing traded, nothing held, the order expired.
    const before = await stateOf(t, A);
    const fok = await buy({ timeInForce: 'FOK', quantity: '0.03' });
    expect(fok.body).toMatchObject({
      status: 'EXPIRED',
      executedQty: '0.00000000',
      timeInForce: 'FOK',
      fills: [],
    });
    expect((await stateOf(t, A)).balances).toEqual(before.balances);
    // A maker order that would take is refused, nothing recorded.
    const makerBuy = { symbol: 'ETHUSDT', side: 'BUY', type: 'LIMIT_MAKER', quantity: '0.01' };
    const maker = await signedWith(t, 'POST', '/order', key, sign, { ...makerBuy, price: '3100' });
    expect(maker.body).toEqual({ code: -2010, msg: 'Order would immediately match and take.' });
    // IOC for 0.03 takes the 0.02 resting; the rest expires and nothing stays held.
    const ioc = await buy({ timeInForce: 'IOC', quantity: '0.03' });
    expect(ioc.body).toMatchObject({ status: 'EXPIRED', executedQty: '0.02000000', timeInForce: 'IOC' });
    expect(ioc.body.fills).toHaveLength(1);
    expect((await signedWith(t, 'GET', '/openOrders', key, sign, { symbol: 'ETHUSDT' })).body).toEqual([]);
    const usdt = (await ledger.balances(t.app.ctx.db, await t.userId(A))).find(
      (b) => b.wallet === 'change' && b.currencyId === 1,
    );
    expect(usdt?.frozenMinor).toBe(0n);
    // A maker order below the book rests.
    const rests = await signedWith(t, 'POST', '/order', key, sign, {
      ...makerBuy,
      price: '3000',
      newOrderRespType: 'RESULT',
    });
    expect(rests.body).toMatchObject({ status: 'NEW', type: 'LIMIT_MAKER' });
  });

  it('buys by quote amount, the fills and the ledger agreeing to the minor unit', async () => {
    const t = getApp();
    const key = await newKey(t, A);
    const sign = hmac(key.secret);
    const sell = await t.call(
      'POST',
      '/api/coin/trade',
      { legal_id: 1, currency_id: 3, type: 2, target_price: '3300', amount: '0.05' },
      { token: await t.tokenFor(B) },
    );
    expect(sell.body.type).toBe('ok');
    const userId = await t.userId(A);
    const usdt = async () =>
      (await ledger.balance(t.app.ctx.db, { kind: 'user', userId, wallet: 'change' }, 1)).availableMinor;
    const before = await usdt();
    const r = await signedWith(t, 'POST', '/order', key, sign, {
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'MARKET',
      quoteOrderQty: '100',
    });
    expect(r.body).toMatchObject({ status: 'FILLED', origQuoteOrderQty: '100.00000000', type: 'MARKET' });
    const spent = (r.body.fills as { price: string; qty: string }[]).reduce(
      (s, f) => s + (parseDecimal(f.price, 8) * parseDecimal(f.qty, 8)) / 10n ** 8n,
      0n,
    );
    expect(parseDecimal(r.body.cummulativeQuoteQty, 8)).toBe(spent);
    expect(before - (await usdt())).toBe(spent);
    const sellByQuote = await signedWith(t, 'POST', '/order', key, sign, {
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'MARKET',
      quoteOrderQty: '100',
    });
    expect(sellByQuote.body.code).toBe(-1100);
  });

  it('signs with an Ed25519 key the user made', async () => {
    const t = getApp();
    const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const bad = await t.call(
      'POST',
      '/api/user/api_keys',
      { label: 'ed', kind: 'ed25519', public_key: 'AAAA', permissions: ['read'], password: DEMO_PASSWORD },
      { token: await t.tokenFor(A) },
    );
    expect(bad.body.code).toBe('APIKEY_PUBLIC_KEY_INVALID');
    const key = await newKey(t, A, { kind: 'ed25519', public_key: pem });
    expect(key.secret).toBe('');
    const sign: Signer = (payload) => crypto.sign(null, Buffer.from(payload), privateKey).toString('base64');
    expect((await signedWith(t, 'GET', '/account', key, sign, {})).status).toBe(200);
    const other = crypto.generateKeyPairSync('ed25519').privateKey;
    const wrong: Signer = (payload) => crypto.sign(null, Buffer.from(payload), other).toString('base64');
    expect((await signedWith(t, 'GET', '/account', key, wrong, {})).body.code).toBe(-1022);
  });

  it('counts request weight per minute and answers 429 with Retry-After past the limit', async () => {
    const t = getApp();
    const ip = '10.44.0.1';
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': ip } });
    const first = await get('/api/v3/ping');
    expect(first.json()).toEqual({});
    expect(first.headers['x-mbx-used-weight-1m']).toBe('1');
    const limit = t.app.ctx.env.BINANCE_WEIGHT_PER_MINUTE;
    let used = 1;
    let refused: Awaited<ReturnType<typeof get>> | undefined;
    while (used <= limit && !refused) {
      const r = await get('/api/v3/depth?symbol=ETHUSDT&limit=5000');
      if (r.statusCode === 429) refused = r;
      else used = Number(r.headers['x-mbx-used-weight-1m']);
    }
    expect(refused!.json().code).toBe(-1003);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(60_000);
    expect((await get('/api/v3/time')).statusCode).toBe(200);
  });

  it('answers the public calls in Binance shapes', async () => {
    const t = getApp();
    const info = (await t.app.inject({ method: 'GET', url: '/api/v3/exchangeInfo?symbol=ETHUSDT' })).json();
    const filters = Object.fromEntries(
      (info.symbols[0].filters as { filterType: string }[]).map((f) => [f.filterType, f]),
    );
    expect(filters.PRICE_FILTER).toMatchObject({ tickSize: '0.01000000' });
    expect(filters.LOT_SIZE).toMatchObject({ stepSize: '0.00010000', minQty: '0.00010000' });
    expect(filters.MARKET_LOT_SIZE).toBeDefined();
    expect(filters.NOTIONAL).toMatchObject({ minNotional: '1.00000000' });
    expect(filters.MIN_NOTIONAL).toMatchObject({ minNotional: '1.00000000' });
    expect(filters.MAX_NUM_ORDERS).toMatchObject({ maxNumOrders: 1000 });
    expect(info.rateLimits[0]).toMatchObject({ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/v3/klines?symbol=ETHUSDT&interval=4h' });
    expect(bad.json().code).toBe(-1120);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v3/depth?symbol=XXXYYY' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, -1121]);
    const prices = (await t.app.inject({ method: 'GET', url: '/api/v3/ticker/price' })).json();
    expect((prices as { symbol: string }[]).map((p) => p.symbol)).toContain('BTCUSDT');
    const one = (
      await t.app.inject({ method: 'GET', url: '/api/v3/ticker/bookTicker?symbol=ETHUSDT' })
    ).json();
    expect(one).toHaveProperty('bidPrice');
  });
});
