import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

describe('CORS_ORIGINS: a web app hosted on another origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { CORS_ORIGINS: 'https://web.example, https://m.example' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows every method the calls use (the spot cancel is a PUT) with the headers our clients send', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/coin/trade',
      headers: {
        origin: 'https://m.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type,x-locale',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://m.example');
    expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('names no other origin', async () => {
    const res = await t.call('GET', '/api/currency/list', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets image routes be shown on the other origin, and nothing else', async () => {
    const img = await t.call('GET', '/uploads/AAAAAAAAAAAAAAAAAAAAAA.png');
    expect(img.res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const banner = await t.call('GET', '/banners/banner-1.svg');
    expect(banner.res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await t.call('GET', '/api/currency/list');
    expect(api.res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('CORS_ORIGINS unset: same origin only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends no CORS headers and keeps same-origin resources everywhere', async () => {
    const res = await t.call('GET', '/api/currency/list', undefined, {
      headers: { origin: 'https://web.example' },
    });
    expect(res.res.headers['access-control-allow-origin']).toBeUndefined();
    const img = await t.call('GET', '/uploads/AAAAAAAAAAAAAAAAAAAAAA.png');
    expect(img.res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
