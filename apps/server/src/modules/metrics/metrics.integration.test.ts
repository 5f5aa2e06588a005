/**
 * GET /metrics (routes.ts): who may scrape, the text parses as the Prometheus exposition format, and the
 * counters move with real work (an HTTP call, spot orders and a trade through the committer).
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { routeLabel } from './metrics';

const ETH = 3;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reader of the text format: every line is a `# HELP` / `# TYPE` comment or a sample
 * `name{label="value",...} number` whose family was typed before it. Throws on anything else.
 */
function parseExposition(text: string): Sample[] {
  const typed = new Map<string, string>();
  const samples: Sample[] = [];
  // Values as Prometheus reads them (Go's ParseFloat: `NaN` in any case; prom-client writes `Nan`).
  const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|\+Inf|-Inf)$/;
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      typed.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const m = sampleLine.exec(line);
    if (!m) throw new Error(`not a metrics line: ${line}`);
    const name = m[1]!;
    const family = name.replace(/_(bucket|sum|count|total)$/, '');
    if (!typed.has(name) && !typed.has(family)) throw new Error(`sample before its TYPE: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(labelPair)) labels[k!] = v!;
    samples.push({ name, labels, value: Number(m[3]) });
  }
  return samples;
}

async function scrape(t: TestApp): Promise<Sample[]> {
  const r = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(r.body);
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);

describeEachDb('metrics', (getApp) => {
  it('serves this machine only, unless a token is configured; a relayed request is not local', async () => {
    const t = getApp();
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '10.1.2.3' },
    });
    expect(relayed.statusCode).toBe(403);

    const env = t.app.ctx.env;
    const saved = env.METRICS_TOKEN;
    env.METRICS_TOKEN = 'a-long-scrape-token-1234';
    try {
      const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(403);
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '10.1.2.3',
        headers: { authorization: 'Bearer a-long-scrape-token-1235' },
      });
      expect(wrong.statusCode).toBe(403);
      const right = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '10.1.2.3',
        headers: { authorization: 'Bearer a-long-scrape-token-1234' },
      });
      expect(right.statusCode).toBe(200);
    } finally {
      env.METRICS_TOKEN = saved;
    }
  });

  it('counts requests by route pattern, and spot orders, trades and commits as they happen', async () => {
    const t = getApp();
    const before = await scrape(t);
    const a = await t.tokenFor('demo1@oryx.local');
    const b = await t.tokenFor('demo2@oryx.local');
    const place = (token: string, body: Record<string, unknown>) =>
      t.call('POST', '/api/coin/trade', { legal_id: 1, currency_id: ETH, ...body }, { token });
    const buy = await place(a, { type: 1, target_price: '3400', amount: '0.01' });
    expect(buy.body.type, JSON.stringify(buy.body)).toBe('ok');
    const sell = await place(b, { type: 2, target_price: '3400', amount: '0.01' });
    expect(sell.body.order.state, JSON.stringify(sell.body)).toBe('filled');
    await t.call('GET', '/api/coin/list?id=1', undefined, { token: a });
    await t.call('GET', '/api/coin/list?id=2', undefined, { token: a });

    const after = await scrape(t);
    const moved = (name: string, labels?: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('oryx_spot_orders_total', { market: 'ETH/USDT' })).toBe(2);
    expect(moved('oryx_spot_trades_total', { market: 'ETH/USDT' })).toBe(1);
    expect(moved('oryx_spot_commit_batch_size_count')).toBeGreaterThanOrEqual(1);
    expect(moved('oryx_spot_commit_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    // The pattern, never the raw address: two lists are one series.
    const place2xx = { method: 'POST', route: '/api/coin/trade', status: '2xx' };
    expect(moved('oryx_http_request_duration_seconds_count', place2xx)).toBe(2);
    expect(valueOf(after, 'oryx_http_request_duration_seconds_count', { route: '/api/coin/list' })).toBe(
      valueOf(before, 'oryx_http_request_duration_seconds_count', { route: '/api/coin/list' }) + 2,
    );
    expect(after.some((s) => s.labels.route?.includes('?'))).toBe(false);

    // This process holds every spot market; the queue is empty; the ledger check has not run yet.
    const owned = after.filter((s) => s.name === 'oryx_spot_market_owned');
    expect(owned.map((s) => s.labels.market)).toContain('ETH/USDT');
    expect(owned.every((s) => s.value === 1)).toBe(true);
    expect(valueOf(after, 'oryx_spot_queue_depth')).toBe(0);
    expect(Number.isNaN(after.find((s) => s.name === 'oryx_ledger_check_ok')?.value)).toBe(true);
    expect(after.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
  });

  it('names a route by its pattern and every file of the web app as one', () => {
    expect(routeLabel('/api/coin/trade')).toBe('/api/coin/trade');
    expect(routeLabel('/api/env.json')).toBe('/api/env.json');
    expect(routeLabel('/assets/index-AbCdEf12.js')).toBe('(web app file)');
    expect(routeLabel('/')).toBe('/');
    expect(routeLabel(undefined)).toBe('(unmatched)');
  });
});
