/**
 * One time zone on the wire: every `YYYY-MM-DD HH:MM:SS` string is Asia/Shanghai wall-clock (UTC+8), as
 * clients of this API family show it. C2C deals and ads and a region agent's users are read through their
 * calls and compared with the stored instant formatted in Asia/Shanghai; and no server source formats a
 * wire time from the UTC ISO string any more.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { call, lastAdOf, post, ready, sellAd } from '../modules/p2p/test-helpers';

/** Asia/Shanghai through the platform's time-zone database, not through our own formatter. */
const shanghai = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  })
    .format(new Date(ms))
    .replace('T', ' ');

describeEachDb('wire times are Asia/Shanghai', (getApp) => {
  it('C2C ads and deals', async () => {
    const t = getApp();
    const a = await ready(t, 'demo1@oryx.local');
    const b = await ready(t, 'demo2@oryx.local');
    // 23:30 UTC: already the next day in Shanghai, so a UTC string would differ in the date too.
    t.clock.set(Date.UTC(2026, 0, 6, 23, 30, 5));
    await post(t, a, sellAd);
    const adId = await lastAdOf(t, a);
    const ad = await t.app.ctx.db
      .selectFrom('p2p_ads')
      .select('created_at')
      .where('id', '=', adId)
      .executeTakeFirstOrThrow();
    const mine = await t.call('GET', '/api/c2c/seller_trade', { page: '1' }, { token: a.token });
    expect(mine.body.message.data[0].create_time).toBe(shanghai(ad.created_at));
    expect(mine.body.message.data[0].create_time).toBe('2026-01-07 07:30:05');

    t.clock.advance(61_000);
    const taken = await call(t, b, '/api/c2c/do_legal_deal', adId);
    expect(taken.body.type, JSON.stringify(taken.body)).toBe('ok');
    const dealId = taken.body.message.data.id as number;
    const stored = await t.app.ctx.db
      .selectFrom('p2p_deals')
      .select('created_at')
      .where('id', '=', dealId)
      .executeTakeFirstOrThrow();
    const deal = await t.call('GET', '/api/c2c_deal', { id: String(dealId) }, { token: b.token });
    expect(deal.body.message.create_time).toBe(shanghai(stored.created_at));
    expect(deal.body.message.format_create_time ?? deal.body.message.create_time).toBe('2026-01-07 07:31:06');
    const list = await t.call('GET', '/api/c2c_user_deal', { page: '1' }, { token: b.token });
    const row = list.body.message.data.find((r: { id: number }) => r.id === dealId);
    for (const key of ['create_time', 'format_create_time'])
      if (row?.[key] !== undefined) expect(row[key]).toBe(shanghai(stored.created_at));
  });

  it('a region agent’s users', async () => {
    const t = getApp();
    const agent = await t.tokenFor('demo1@oryx.local');
    const res = await t.call('GET', '/api/user/region_users', { page: '1' }, { token: agent });
    expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
    const users = await t.app.ctx.db.selectFrom('users').select('created_at').execute();
    const expected = new Set(users.map((u) => shanghai(u.created_at)));
    expect(res.body.message.data.length).toBeGreaterThan(0);
    for (const r of res.body.message.data as { time: string }[]) expect(expected.has(r.time)).toBe(true);
  });
});

it('no server source formats a wire time from the UTC ISO string', () => {
  const root = path.resolve(__dirname, '..');
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ts$/.test(e.name) && !/test/.test(e.name)) {
        if (/toISOString\(\)\s*\.slice\(0,\s*19\)/.test(fs.readFileSync(p, 'utf8'))) offenders.push(p);
      }
    }
  };
  walk(root);
  expect(offenders).toEqual([]);
});
