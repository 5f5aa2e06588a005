import { afterAll, describe, expect, it } from 'vitest';
import { describeEachDb, startTestApp, type TestApp } from '../../../test/harness';
import { sha256 } from '../../lib/random';
import { SESSION_CACHE_MS } from '../auth/session-service';

describeEachDb('foundation: envelope, bodies, errors', (getApp) => {
  it('serves /healthz and env.json as bare JSON', async () => {
    const t = getApp();
    expect((await t.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const env = await t.call('GET', '/api/env.json?timestamp=123');
    expect(env.status).toBe(200);
    expect(env.body).toEqual({
      socket_io_port: expect.any(Number),
      login_need_smscode: false,
      sms_available: true,
      sandbox_codes: true,
    });
  });

  it('accepts JSON, form-urlencoded and multipart bodies, and query parameters', async () => {
    const t = getApp();
    const json = await t.call('POST', '/api/news/list', { c_id: 11 });
    expect(json.body.type).toBe('ok');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/news/list?_timespan=1',
      payload: 'c_id=11',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.json().message.list).toEqual(json.body.message.list);
    const boundary = '----oryx';
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/news/list',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="c_id"\r\n\r\n11\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.json().message.list).toEqual(json.body.message.list);
    const query = await t.call('GET', '/api/news/list', { c_id: '11' });
    expect(query.body.message.list).toEqual(json.body.message.list);
  });

  it.each([
    ['malformed JSON', '{bad', 'application/json', 400],
    // Read but refused by the call's rules: HTTP 200 with the envelope (the API family's clients read
    // refusals from successful responses); a body that cannot be read at all keeps its 4xx.
    ['wrong type', JSON.stringify({ c_id: 'abc' }), 'application/json', 200],
    ['missing field', JSON.stringify({}), 'application/json', 200],
    ['array body', JSON.stringify([1, 2]), 'application/json', 200],
    ['unknown content type', 'c_id=1', 'application/x-unknown', 415],
  ])('refuses %s with the envelope', async (_name, payload, contentType, status) => {
    const t = getApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/news/list',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.type).toBe('error');
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('refuses an oversized body with 413 in the envelope', async () => {
    const t = getApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/news/list',
      payload: JSON.stringify({ c_id: 1, pad: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ type: 'error', code: 'BODY_TOO_LARGE' });
  });

  it('answers unknown paths with 404 and unknown methods with 405, in the envelope', async () => {
    const t = getApp();
    const missing = await t.call('GET', '/api/no/such/call');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    const method = await t.call('DELETE', '/api/news/list');
    expect(method.status).toBe(405);
    expect(method.body).toMatchObject({ type: 'error', code: 'METHOD_NOT_ALLOWED' });
  });

  it('answers 999 without a token, and with an unknown, expired or revoked token', async () => {
    const t = getApp();
    expect((await t.call('GET', '/api/user/info')).body).toMatchObject({
      type: '999',
      code: 'AUTH_REQUIRED',
    });
    const bogus = await t.call('GET', '/api/user/info', undefined, { token: 'x'.repeat(43) });
    expect(bogus.body).toMatchObject({ type: '999', code: 'AUTH_EXPIRED' });

    const token = await t.tokenFor('demo1@oryx.local');
    const raw = await t.call('GET', '/api/user/info', undefined, { token });
    expect(raw.body.type).toBe('ok');
    expect(raw.body.message).toMatchObject({ account_number: 'demo1@oryx.local', is_seller: 0 });
    expect(raw.body.message).not.toHaveProperty('password_hash');
    const bearer = await t.call('GET', '/api/user/info', undefined, { token: `Bearer ${token}` });
    expect(bearer.body.type).toBe('ok');

    t.clock.advance(8 * 24 * 3600_000);
    expect((await t.call('GET', '/api/user/info', undefined, { token })).body.type).toBe('999');

    const second = await t.tokenFor('demo1@oryx.local');
    expect((await t.call('GET', '/api/user/logout', undefined, { token: second })).body.type).toBe('ok');
    expect((await t.call('GET', '/api/user/info', undefined, { token: second })).body.type).toBe('999');
  });

  it('sends the security headers on every response (taken once from helmet)', async () => {
    const t = getApp();
    for (const url of ['/healthz', '/api/no/such/call', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // The older header says the same as the CSP: no framing at all.
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends HSTS only over HTTPS: here, a trusted proxy saying X-Forwarded-Proto: https', async () => {
    const t = getApp();
    for (const url of ['/healthz', '/api/no/such/call']) {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const https = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const again = await t.app.inject({ method: 'GET', url });
      expect(again.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('remembers a good session for a few seconds; a logout here takes effect at once', async () => {
    const t = getApp();
    const info = (token: string) => t.call('GET', '/api/user/info', undefined, { token });
    const token = await t.tokenFor('demo1@oryx.local');
    expect((await info(token)).body.type).toBe('ok'); // now remembered
    expect((await t.call('GET', '/api/user/logout', undefined, { token })).body.type).toBe('ok');
    expect((await info(token)).body.type).toBe('999');

    // Revoked behind this process's back (another process, an operator): seen within the bound.
    const other = await t.tokenFor('demo1@oryx.local');
    expect((await info(other)).body.type).toBe('ok');
    await t.app.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: t.clock.now() })
      .where('token_hash', '=', sha256(other))
      .execute();
    t.clock.advance(SESSION_CACHE_MS);
    expect((await info(other)).body.type).toBe('999');
  });

  it('stores the language for a logged-in user and validates it', async () => {
    const t = getApp();
    const token = await t.tokenFor('demo2@oryx.local');
    expect((await t.call('POST', '/api/set/lang', { lang: 'jp' }, { token })).body.type).toBe('ok');
    expect((await t.call('GET', '/api/user/info', undefined, { token })).body.message.lang).toBe('jp');
    const bad = await t.call('POST', '/api/set/lang', { lang: 'xx' }, { token });
    expect(bad.status).toBe(200);
    expect(bad.body.type).toBe('error');
    expect((await t.call('GET', '/api/user/info', undefined, { token })).body.message.lang).toBe('jp');
  });

  it('serves news in the visitor language with an English fallback', async () => {
    const t = getApp();
    const zh = await t.call('POST', '/api/news/list', { c_id: 4 }, { headers: { 'x-locale': 'zh' } });
    expect(zh.body.message.list[0].title).toBe('谨防诈骗');
    const detail = await t.call(
      'POST',
      '/api/news/detail',
      { id: zh.body.message.list[0].id },
      { headers: { 'x-locale': 'kor' } },
    );
    expect(detail.body.message.title).toBe('사기에 주의하세요');
    const missing = await t.call('POST', '/api/news/detail', { id: 999999 });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const t = getApp();
    const doc = await t.call('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/news/list', '/api/user/info', '/api/env.json']),
    );
  });
});

describe('system: unknown routes and the rate limit', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('counts 404 and 405 answers against the per-address limit like any call', async () => {
    t = await startTestApp('sqlite', { env: { RATE_LIMIT_PER_MINUTE: '4' } });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: `/api/guess-${i}`, headers: from('10.66.0.1') }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
    // A wrong method on a known path (405) counts too.
    const methods: number[] = [];
    for (let i = 0; i < 5; i++) {
      methods.push(
        (await t.app.inject({ method: 'DELETE', url: '/api/user/login', headers: from('10.66.0.2') }))
          .statusCode,
      );
    }
    expect(methods).toEqual([405, 405, 405, 405, 429]);
    // Another address is not affected.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/guess', headers: from('10.66.0.3') })).statusCode,
    ).toBe(404);
  });
});
