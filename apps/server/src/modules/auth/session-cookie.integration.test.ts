/**
 * The session cookie over HTTP: set at login beside the token, cleared at logout, and accepted only by
 * the reads whose contract lists `withoutToken: 'cookie'` (acceptor/info, acceptor/my_deal, getNode),
 * which existing clients of this API family send without `Authorization`. Every other call refuses it;
 * the calls those clients send without a token refuse without `999` (their logout).
 */
import { expect, it } from 'vitest';
import { describeEachDb, DEMO_PASSWORD, type TestApp } from '../../../test/harness';
import { fieldsOf, nextAddress } from '../../../test/calls';
import { registeredCalls } from '../../lib/route';
import { SESSION_COOKIE } from './session-cookie';

/** Logs in through the call; returns the token, the user id and the cookie jar's `Cookie` header. */
async function loginWithJar(t: TestApp, email: string, headers: Record<string, string> = {}) {
  const res = await t.call(
    'POST',
    '/api/user/login',
    { user_string: email, password: DEMO_PASSWORD },
    { headers: { 'x-forwarded-for': nextAddress(), ...headers } },
  );
  expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
  const setCookie = String(res.res.headers['set-cookie'] ?? '');
  const jar = setCookie.split(';')[0]!;
  return { token: res.body.message as string, id: res.body.id as number, setCookie, jar };
}

const withJar = (jar: string) => ({ headers: { cookie: jar, 'x-forwarded-for': nextAddress() } });

async function acceptorOf(t: TestApp) {
  return t.app.ctx.db
    .selectFrom('acceptors')
    .select(['id', 'bank_account'])
    .where('user_id', '=', await t.userId('seller@oryx.local'))
    .executeTakeFirstOrThrow();
}

/** A bank buy of 717 from the acceptor, confirmed with the demo password. */
const buyDeal = (acceptorId: number) => ({
  acceptor_id: acceptorId,
  type: 'buy',
  way: 'bank',
  mobile: '13800000001',
  deal_account: '6222 1',
  money: '717',
  password: DEMO_PASSWORD,
});

describeEachDb('session cookie', (getApp) => {
  it('login sets it HttpOnly, SameSite=Lax, on the whole site; Secure over HTTPS; it is not the token', async () => {
    const t = getApp();
    const plain = await loginWithJar(t, 'demo1@oryx.local');
    expect(plain.setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=\\d+\\.[A-Za-z0-9_-]{43}; Path=/;`));
    expect(plain.setCookie).toMatch(/; HttpOnly/);
    expect(plain.setCookie).toMatch(/; SameSite=Lax/);
    expect(plain.setCookie).not.toMatch(/Secure/);
    expect(plain.jar).not.toContain(plain.token);
    const secure = await loginWithJar(t, 'demo1@oryx.local', { 'x-forwarded-proto': 'https' });
    expect(secure.setCookie).toMatch(/; Secure$/);
    // The cookie is no token: sent as Authorization it is an expired login.
    const asToken = await t.call('GET', '/api/user/info', undefined, {
      token: plain.jar.slice(SESSION_COOKIE.length + 1),
    });
    expect(asToken.body.type).toBe('999');
  });

  it('reads sent without a token identify the user by it; without it they answer the public part or refuse without 999', async () => {
    const t = getApp();
    const { token, jar } = await loginWithJar(t, 'demo1@oryx.local');
    const acceptor = await acceptorOf(t);
    const deal = await t.call('POST', '/api/acceptor/deal', buyDeal(acceptor.id), { token });
    expect(deal.body.type, JSON.stringify(deal.body)).toBe('ok');

    const mine = await t.call('GET', '/api/acceptor/my_deal', undefined, withJar(jar));
    expect(mine.body.type).toBe('ok');
    expect(mine.body.message.data.map((d: { id: number }) => d.id)).toContain(deal.body.message.data.id);
    const nobody = await t.call('GET', '/api/acceptor/my_deal');
    expect(nobody.body).toMatchObject({ type: 'error', code: 'AUTH_COOKIE_MISSING' });
    // A token that ended is still the logout it means.
    const ended = await t.call('GET', '/api/acceptor/my_deal', undefined, { token: 'x'.repeat(43) });
    expect(ended.body.type).toBe('999');

    const info = await t.call('GET', `/api/acceptor/info?id=${acceptor.id}`, undefined, withJar(jar));
    expect(info.body.message.bank_account).toBe(acceptor.bank_account);
    const publicInfo = await t.call('GET', `/api/acceptor/info?id=${acceptor.id}`);
    expect(publicInfo.body.type).toBe('ok');
    expect(publicInfo.body.message).toMatchObject({
      id: acceptor.id,
      bank_account: '',
      user_balance: '0.00000000',
    });
    expect(Number(publicInfo.body.message.recharge_rate)).toBeGreaterThan(0);
    const list = await t.call('GET', '/api/acceptor/list');
    expect(list.body.type).toBe('ok');

    const tree = await t.call('POST', '/api/getNode', {}, withJar(jar));
    expect(tree.body.message.results.length).toBeGreaterThan(0);
    const noTree = await t.call('POST', '/api/getNode', {});
    expect(noTree.body.message.results).toEqual([]);
  });

  it('a change is never made on the cookie: acceptor/deal without a token refuses without 999 and opens nothing', async () => {
    const t = getApp();
    const { id, jar } = await loginWithJar(t, 'demo1@oryx.local');
    const acceptor = await acceptorOf(t);
    const count = async () =>
      (await t.app.ctx.db.selectFrom('acceptor_deals').select('id').where('user_id', '=', id).execute())
        .length;
    const before = await count();
    const res = await t.call('POST', '/api/acceptor/deal', buyDeal(acceptor.id), withJar(jar));
    expect(res.body).toMatchObject({ type: 'error', code: 'AUTH_TOKEN_MISSING' });
    expect(await count()).toBe(before);
  });

  it('no other call takes the cookie as a login', async () => {
    const t = getApp();
    const { jar } = await loginWithJar(t, 'demo2@oryx.local');
    const cookieCalls: string[] = [];
    const faults: string[] = [];
    for (const call of registeredCalls(t.app)) {
      if (call.withoutToken === 'cookie') cookieCalls.push(call.path);
      if ((call.auth !== 'user' && call.auth !== 'admin') || call.withoutToken) continue;
      const method = Array.isArray(call.method) ? call.method[0] : call.method;
      const body =
        method === 'GET' ? undefined : Object.fromEntries(fieldsOf(call.input).map((f) => [f, '1']));
      const res = await t.call(method, call.path.replace(/:[A-Za-z_]+/g, '1'), body, withJar(jar));
      if (res.body?.type !== '999') faults.push(`${call.path}: ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(faults).toEqual([]);
    // The reads that take it, each decided on purpose (read-only, sent without a token by such clients).
    expect(cookieCalls.sort()).toEqual(['/api/acceptor/info', '/api/acceptor/my_deal', '/api/getNode']);
  });

  it('logout clears it and ends what it proves', async () => {
    const t = getApp();
    const { token, jar } = await loginWithJar(t, 'demo1@oryx.local');
    const out = await t.call('POST', '/api/user/logout', {}, { token });
    expect(String(out.res.headers['set-cookie'])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0;`),
    );
    const after = await t.call('GET', '/api/acceptor/my_deal', undefined, withJar(jar));
    expect(after.body).toMatchObject({ type: 'error', code: 'AUTH_COOKIE_MISSING' });
  });
});
