import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { registeredCalls } from './route';
import { fieldsOf } from '../../test/calls';

/** Names an object inherits: a lookup by a user-supplied key must not find them. */
const HOSTILE_NAMES = ['__proto__', 'constructor', 'toString'];

/** Plausible values for common fields, so a hostile name also reaches the rules behind the form checks. */
const PLAUSIBLE: Record<string, string> = {
  user_string: 'hostile@example.com',
  email: 'hostile@example.com',
  area_code: '66',
  symbol: 'BTC/USDT',
  currency: '1',
  page: '1',
  limit: '10',
};

describeEachDb('every call: inherited property names as input', (getApp) => {
  it('never answers 5xx when __proto__, constructor or toString is any field of any call', async () => {
    const t = getApp();
    const calls = registeredCalls(t.app);
    expect(calls.length).toBeGreaterThan(50);
    const user = await t.tokenFor('demo1@oryx.local');
    const admin = await t.tokenFor('admin@oryx.local');
    const faults: string[] = [];
    let sent = 0;
    for (const call of calls) {
      const methods = Array.isArray(call.method) ? call.method : [call.method];
      const method = methods[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const token = call.auth === 'admin' ? admin : user;
      const fields = fieldsOf(call.input);
      for (const field of fields) {
        for (const name of HOSTILE_NAMES) {
          const url = call.path.replace(/:[A-Za-z_]+/g, encodeURIComponent(name));
          for (const withPlausible of [false, true]) {
            const input: Record<string, string> = {};
            if (withPlausible)
              for (const f of fields) if (Object.hasOwn(PLAUSIBLE, f)) input[f] = PLAUSIBLE[f]!;
            input[field] = name;
            const res = await t.app.inject({
              method,
              url: method === 'GET' ? `${url}?${new URLSearchParams(Object.entries(input)).toString()}` : url,
              ...(method === 'GET' ? {} : { payload: input }),
              headers: {
                authorization: token,
                'x-forwarded-for': `10.77.${sent % 250}.${(sent >> 8) % 250}`,
              },
            });
            sent++;
            if (res.statusCode >= 500)
              faults.push(`${method} ${call.path} ${field}=${name}: ${res.statusCode}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(faults).toEqual([]);
  });
});

describeEachDb('ids, enumerations and integers: plain decimal digits only', (getApp) => {
  it('refuses "0x10" as an id: article 16 is not deleted', async () => {
    const t = getApp();
    const admin = await t.tokenFor('admin@oryx.local');
    const article = () =>
      t.app.ctx.db.selectFrom('news').select('id').where('id', '=', 16).executeTakeFirst();
    expect(await article()).toBeDefined();
    const res = await t.call('POST', '/api/admin/news/del', { id: '0x10' }, { token: admin });
    expect(res.body).toMatchObject({ type: 'error', code: 'VALIDATION' });
    expect(await article()).toBeDefined();
  });

  it('refuses "1e2" as a number (it is not read as 100); digit strings still work', async () => {
    const t = getApp();
    const res = await t.call('POST', '/api/news/list', { c_id: 11, page: '1e2' });
    expect(res.body).toMatchObject({ type: 'error', code: 'VALIDATION' });
    expect((await t.call('POST', '/api/news/list', { c_id: '11', page: '1' })).body.type).toBe('ok');
    expect((await t.call('POST', '/api/news/list', { c_id: 11, page: 1 })).body.type).toBe('ok');
  });

  it('refuses type: true on a spot order (no buy is placed)', async () => {
    const t = getApp();
    const token = await t.tokenFor('demo1@oryx.local');
    const userId = await t.userId('demo1@oryx.local');
    const count = async () =>
      (await t.app.ctx.db.selectFrom('spot_orders').select('id').where('user_id', '=', userId).execute())
        .length;
    const before = await count();
    const order = { legal_id: 1, currency_id: 2, target_price: '1000', amount: '0.001' };
    const res = await t.call('POST', '/api/coin/trade', { ...order, type: true }, { token });
    expect(res.body).toMatchObject({ type: 'error', code: 'VALIDATION' });
    expect(await count()).toBe(before);
    // The documented values, as a number or a digit string, still place the order.
    expect((await t.call('POST', '/api/coin/trade', { ...order, type: '1' }, { token })).body.type).toBe(
      'ok',
    );
    expect(await count()).toBe(before + 1);
  });
});

describeEachDb('every reply is JSON and says so', (getApp) => {
  it('refusals, unknown routes, wrong methods and unreadable bodies carry Content-Type: application/json', async () => {
    const t = getApp();
    const refusal = await t.call('GET', '/api/user/info', undefined);
    expect(refusal.status).toBe(200);
    expect(refusal.body.type).toBe('999');
    const wrongMethod = await t.call('DELETE', '/api/user/info', undefined);
    expect(wrongMethod.status).toBe(405);
    const notFound = await t.call('GET', '/api/no/such/call', undefined);
    expect(notFound.status).toBe(404);
    const badBody = await t.app.inject({
      method: 'POST',
      url: '/api/news/list',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(badBody.statusCode).toBe(400);
    for (const res of [refusal.res, wrongMethod.res, notFound.res, badBody]) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(() => JSON.parse(res.body)).not.toThrow();
    }
  });
});

describeEachDb('large replies are compressed', (getApp) => {
  it('the API description goes out gzipped to a client that accepts it, and plain to one that does not', async () => {
    const t = getApp();
    const url = '/api/docs/json';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    if (plain.body.length >= 1024) {
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
      expect(zipped.rawPayload.length).toBeLessThan(plain.body.length);
    }
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
  });
});
