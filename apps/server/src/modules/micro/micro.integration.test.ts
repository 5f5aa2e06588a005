/**
 * Seconds options over the real server and database: configuration, submission (and every refusal
 * leaving nothing held), settlement at exactly the expiry with exact amounts, restart with overdue
 * orders, concurrency, the proof and the `micro_closed` push. Prices come from a scripted trade history
 * (ScriptedTrades) with the spot module's lastTradeAt contract; every app ends with the ledger check.
 */
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, DB_KINDS, persistentDb, startTestApp, type TestApp } from '../../../test/harness';
import { ManualClock } from '../../lib/clock';
import type { RecordingRealtime } from '../../realtime/realtime';
import { buildApp } from '../../app';
import { loadEnv } from '../../env';
import { checkLedger, expectLedgerBalanced } from '../ledger/check';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { runDueJobs } from '../scheduler/scheduler';
import { ScriptedTrades } from '../mark/scripted-trades';
import { sampleBooks } from '../mark/sampler';
import { markAt } from '../mark/service';
import { BOT_MAKER_EMAIL } from '../spot/bot';

const U = 100_000_000n; // 1 USDT at scale 8
const P = (s: string) => BigInt(Math.round(Number(s) * 100)) * 1_000_000n; // prices with 2 decimals, scale 8
const BTC = 1; // market id of BTC/USDT
const USDT = 1;

interface Ctx {
  t: TestApp;
  feed: ScriptedTrades;
  token: string;
  userId: number;
  adminToken: string;
}

async function setup(t: TestApp, email = 'demo1@oryx.local'): Promise<Ctx> {
  const feed = new ScriptedTrades();
  t.app.ctx.services.mark.prices = feed;
  return {
    t,
    feed,
    token: await t.tokenFor(email),
    userId: await t.userId(email),
    adminToken: await t.tokenFor('admin@oryx.local'),
  };
}

const submit = (c: Ctx, body: Record<string, unknown>, token = c.token) =>
  c.t.call('POST', '/api/microtrade/submit', body, { token });

const micro = (c: Ctx, userId = c.userId) =>
  ledger.balance(c.t.app.ctx.db, userAccount(userId, 'micro'), USDT);
const house = (c: Ctx) => ledger.balance(c.t.app.ctx.db, systemAccount('options_house'), USDT);
const fees = (c: Ctx) => ledger.balance(c.t.app.ctx.db, systemAccount('fees'), USDT);
const pushes = (t: TestApp) =>
  (t.app.ctx.realtime as RecordingRealtime).sent.filter((e) => e.event === 'micro_closed');

async function openOrders(c: Ctx, token = c.token) {
  const r = await c.t.call('GET', '/api/microtrade/lists', { status: 1, page: 1, limit: 20 }, { token });
  expect(r.body.type).toBe('ok');
  return r.body.message.data as Record<string, any>[];
}

describeEachDb('micro: configuration and reads', (getApp) => {
  let c: Ctx;
  beforeAll(async () => {
    c = await setup(getApp());
  });

  it('seeds the six durations and the USDT terms, with empty insurance', async () => {
    const s = await c.t.call('GET', '/api/microtrade/seconds', undefined, { token: c.token });
    expect(s.body).toEqual({
      type: 'ok',
      message: [
        { seconds: 60, profit_ratio: '10.00', min_number: 10 },
        { seconds: 120, profit_ratio: '12.00', min_number: 10 },
        { seconds: 180, profit_ratio: '15.00', min_number: 10 },
        { seconds: 240, profit_ratio: '18.00', min_number: 10 },
        { seconds: 300, profit_ratio: '21.00', min_number: 10 },
        { seconds: 600, profit_ratio: '24.00', min_number: 10 },
      ],
    });
    const p = await c.t.call('GET', '/api/microtrade/payable_currencies', undefined, { token: c.token });
    expect(p.body.message).toEqual([
      {
        id: 1,
        name: 'USDT',
        is_micro: 1,
        micro_trade_fee: '1.00',
        micro_min: 10,
        micro_max: 100000,
        micro_max_open: 10,
        micro_numbers: [{ number: 100 }, { number: 200 }, { number: 500 }, { number: 1000 }],
        user_wallet: { micro_balance: '10000.00000000', lock_micro_balance: '0.00000000' },
        insurance_types: [],
        user_insurance: null,
      },
    ]);
  });

  it('payable currencies need a session; seconds do not', async () => {
    expect((await c.t.call('GET', '/api/microtrade/payable_currencies')).body.type).toBe('999');
    expect((await c.t.call('GET', '/api/microtrade/seconds')).body.type).toBe('ok');
  });

  it('only an admin edits the configuration', async () => {
    const body = { seconds: 10, profit_ratio: '5', min_number: 10 };
    const asUser = await c.t.call('POST', '/api/admin/micro/seconds', body, { token: c.token });
    expect(asUser.body.code).toBe('FORBIDDEN');
    const anon = await c.t.call('POST', '/api/admin/micro/seconds', body);
    expect(anon.body.type).toBe('999');
    const r = await c.t.call('POST', '/api/admin/micro/seconds', body, { token: c.adminToken });
    expect(r.body.type).toBe('ok');
    expect(r.body.message.seconds).toContainEqual({
      seconds: 10,
      profit_ratio: '5.00',
      min_number: 10,
      is_enabled: 1,
      sort: 10,
    });
    const bad = await c.t.call(
      'POST',
      '/api/admin/micro/currency',
      {
        currency_id: 1,
        micro_trade_fee: '1.234',
        micro_min: 10,
        micro_max: 0,
        micro_max_open: 10,
        micro_numbers: '100',
      },
      { token: c.adminToken },
    );
    expect(bad.body.code).toBe('MICRO_CONFIG_INVALID');
    const cfg = await c.t.call('GET', '/api/admin/micro/config', undefined, { token: c.adminToken });
    expect(cfg.body.message.markets.find((m: any) => m.id === 6)).toMatchObject({ open_microtrade: 0 });
    // Back to the seeded set for the other suites of this file (they share nothing, but keep it tidy).
    await c.t.call('POST', '/api/admin/micro/seconds', { ...body, is_enabled: 0 }, { token: c.adminToken });
  });
});

describeEachDb('micro: bad input holds nothing', (getApp) => {
  let c: Ctx;
  let other: Ctx;
  beforeAll(async () => {
    c = await setup(getApp());
    other = {
      ...c,
      token: await c.t.tokenFor('demo2@oryx.local'),
      userId: await c.t.userId('demo2@oryx.local'),
    };
    c.feed.add(BTC, P('100'), c.t.clock.now() - 5000);
  });

  const good = { match_id: BTC, currency_id: USDT, type: 1, seconds: 60, number: 100 };
  const cases: [string, Record<string, unknown>, string][] = [
    ['fractional quantity', { number: '1.5' }, 'MICRO_NUMBER_INVALID'],
    ['fractional number', { number: 10.5 }, 'MICRO_NUMBER_INVALID'],
    ['zero', { number: 0 }, 'MICRO_NUMBER_INVALID'],
    ['negative', { number: '-20' }, 'MICRO_NUMBER_INVALID'],
    ['exponent', { number: '1e3' }, 'MICRO_NUMBER_INVALID'],
    ['text', { number: 'abc' }, 'MICRO_NUMBER_INVALID'],
    ['empty', { number: '' }, 'MICRO_NUMBER_REQUIRED'],
    ['missing', { number: undefined }, 'MICRO_NUMBER_REQUIRED'],
    ['below the minimum', { number: 9 }, 'MICRO_NUMBER_BELOW_MIN'],
    ['above the maximum', { number: 100_001 }, 'MICRO_NUMBER_ABOVE_MAX'],
    ['above the balance', { number: 20_000 }, 'MICRO_INSUFFICIENT'],
    ['unknown duration', { seconds: 61 }, 'MICRO_SECONDS_UNKNOWN'],
    ['no duration', { seconds: undefined }, 'MICRO_SECONDS_UNKNOWN'],
    ['bad direction', { type: 3 }, 'MICRO_TYPE_INVALID'],
    ['pair closed for micro', { match_id: 6 }, 'MICRO_MARKET_CLOSED'],
    ['unknown pair', { match_id: 999 }, 'MICRO_MARKET_CLOSED'],
    ['currency that does not pay', { currency_id: 2 }, 'MICRO_CURRENCY_UNKNOWN'],
    ['pair without a trade yet', { match_id: 2 }, 'MICRO_NO_PRICE'],
  ];
  it.each(cases)('%s is refused with a clear error and nothing held', async (_name, patch, code) => {
    const before = await micro(c);
    const r = await submit(c, { ...good, ...patch });
    expect(r.status).toBe(200);
    expect(r.body.type).toBe('error');
    expect(r.body.code).toBe(code);
    expect(r.body.message).not.toBe(code); // translated
    expect(await micro(c)).toEqual(before);
    expect(await openOrders(c)).toEqual([]);
    const jobs = await c.t.app.ctx.db.selectFrom('jobs').select('id').execute();
    expect(jobs).toEqual([]);
  });

  it('a decimal stake (10.5) is refused as it stands, never read as 10 or 105, and no money moves', async () => {
    const db = c.t.app.ctx.db;
    const journal = async () => (await db.selectFrom('ledger_entries').select('id').execute()).length;
    const before = {
      user: await micro(c),
      house: await house(c),
      fees: await fees(c),
      journal: await journal(),
    };
    for (const number of ['10.5', 10.5, '10,5', '105.0', ' 105']) {
      const r = await submit(c, { ...good, number });
      expect(r.body.type, JSON.stringify(number)).toBe('error');
      expect(r.body.code).toBe('MICRO_NUMBER_INVALID');
    }
    expect({
      user: await micro(c),
      house: await house(c),
      fees: await fees(c),
      journal: await journal(),
    }).toEqual(before);
    expect(await openOrders(c)).toEqual([]);
    expect(await db.selectFrom('micro_orders').select('id').execute()).toEqual([]);
  });

  it('stops at the open-order limit and holds nothing for the refused order', async () => {
    for (let i = 0; i < 10; i++) expect((await submit(c, { ...good, number: 10 })).body.type).toBe('ok');
    const before = await micro(c);
    const r = await submit(c, { ...good, number: 10 });
    expect(r.body.code).toBe('MICRO_TOO_MANY_OPEN');
    expect(r.body.message).toContain('10');
    expect(await micro(c)).toEqual(before);
    expect((await openOrders(c)).length).toBe(10);
  });

  it("refuses another user's order id like an unknown one", async () => {
    const mine = (await openOrders(c))[0]!;
    const r = await c.t.call('GET', '/api/microtrade/order', { id: mine.id }, { token: other.token });
    expect(r.body.code).toBe('MICRO_ORDER_NOT_FOUND');
    const unknown = await c.t.call('GET', '/api/microtrade/order', { id: 999_999 }, { token: other.token });
    expect(unknown.body).toEqual(r.body);
    const own = await c.t.call('GET', '/api/microtrade/order', { id: mine.id }, { token: c.token });
    expect(own.body.message.id).toBe(mine.id);
    // An open order has no proof yet.
    expect((await c.t.call('GET', '/api/microtrade/proof', { id: mine.id })).body.code).toBe(
      'MICRO_ORDER_NOT_CLOSED',
    );
    expect((await c.t.call('GET', '/api/microtrade/proof', { id: 'x' })).body.code).toBe(
      'MICRO_ORDER_NOT_FOUND',
    );
  });

  it('a retried submission with the same client id opens one order', async () => {
    const d = {
      ...c,
      token: await c.t.tokenFor('seller@oryx.local'),
      userId: await c.t.userId('seller@oryx.local'),
    };
    const body = { ...good, client_id: 'retry-1' };
    const a = await submit(d, body);
    const b = await submit(d, body);
    expect(a.body).toEqual(b.body);
    expect((await openOrders(d)).length).toBe(1);
  });
});

describeEachDb('micro: settlement tables', (getApp) => {
  let c: Ctx;
  beforeAll(async () => {
    c = await setup(getApp());
  });

  // type, end price vs open 100.00, result, user's net change of the micro balance (stake 100, fee 1, 10 %)
  const table: [1 | 2, string, string, string, bigint][] = [
    [1, '100.01', 'win', '10', 10n * U - U],
    [1, '100.00', 'draw', '0', -U],
    [1, '99.99', 'loss', '-100', -100n * U - U],
    [2, '99.99', 'win', '10', 10n * U - U],
    [2, '100.00', 'draw', '0', -U],
    [2, '100.01', 'loss', '-100', -100n * U - U],
  ];
  it.each(table)('type %i, end %s: %s, fact_profits %s, fee kept', async (type, end, result, fact, net) => {
    const t = c.t;
    const t0 = t.clock.now();
    const openTrade = c.feed.add(BTC, P('100'), t0 - 1);
    const before = await micro(c);
    const houseBefore = await house(c);
    const feesBefore = await fees(c);
    const r = await submit(c, { match_id: BTC, currency_id: USDT, type, seconds: 60, number: '100' });
    expect(r.body).toEqual({ type: 'ok', message: 'Order placed' });
    // Held at once: stake frozen, fee gone to the fee account.
    expect(await micro(c)).toEqual({
      availableMinor: before.availableMinor - 101n * U,
      frozenMinor: before.frozenMinor + 100n * U,
    });
    expect((await fees(c)).availableMinor).toBe(feesBefore.availableMinor + U);
    const [row] = await openOrders(c);
    expect(row).toMatchObject({
      symbol_name: 'BTC/USDT',
      seconds: 60,
      number: '100',
      currency_name: 'USDT',
      type,
      status: 1,
      profit_ratio: '10.00',
      open_price: '100.00',
      end_price: '',
      fee: '1',
      fact_profits: '',
      remain_milli_seconds: 60_000,
      open_trade_id: openTrade,
      open_trade_time: t0 - 1,
    });
    const endTrade = c.feed.add(BTC, P(end), t0 + 30_000);
    c.feed.add(BTC, P('500'), t0 + 60_001); // after expiry: must not count
    t.clock.set(t0 + 60_000);
    const sentBefore = pushes(t).length;
    const report = await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    expect(report.done).toBe(1);
    const after = await micro(c);
    expect(after.availableMinor - before.availableMinor).toBe(net);
    expect(after.frozenMinor).toBe(before.frozenMinor);
    const houseDelta = (await house(c)).availableMinor - houseBefore.availableMinor;
    expect(houseDelta).toBe(result === 'win' ? -10n * U : result === 'loss' ? 100n * U : 0n);
    expect((await fees(c)).availableMinor).toBe(feesBefore.availableMinor + U); // fee stays
    const sent = pushes(t).slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.room).toBe(`user:${c.userId}`);
    const data = (sent[0]!.payload as { type: string; data: Record<string, unknown> }).data;
    expect(data).toMatchObject({
      id: row!.id,
      status: 3,
      end_price: end,
      fact_profits: fact,
      fee: '1',
      remain_milli_seconds: 0,
      result,
      end_trade_id: endTrade,
      end_trade_time: t0 + 30_000,
    });
    // The price evidence is public; the stake, direction and outcome are the owner's alone.
    const evidence = {
      id: row!.id,
      open_price: '100.00',
      open_trade_id: openTrade,
      end_price: end,
      end_trade_id: endTrade,
      expires_at: t0 + 60_000,
    };
    const proof = await t.call('GET', '/api/microtrade/proof', { id: row!.id }, { token: c.token });
    expect(proof.body.message).toMatchObject({
      ...evidence,
      is_owner: true,
      type,
      number: '100',
      result,
      fact_profits: fact,
    });
    const hidden = { is_owner: false, type: null, number: null, currency_name: null, profit_ratio: null };
    const outcome = { fee: null, fact_profits: null, result: null };
    const anonymous = await t.call('GET', '/api/microtrade/proof', { id: row!.id });
    expect(anonymous.body.message).toMatchObject({ ...evidence, ...hidden, ...outcome });
    expect(anonymous.body.message.open_mark).not.toBeUndefined();
    const other = await t.tokenFor('demo2@oryx.local');
    const stranger = await t.call('GET', '/api/microtrade/proof', { id: row!.id }, { token: other });
    expect(stranger.body.message).toMatchObject({ ...evidence, ...hidden, ...outcome });
    const closed = await t.call('GET', '/api/microtrade/lists', { status: 3 }, { token: c.token });
    expect(closed.body.message.data[0]).toEqual(data);
    t.clock.set(t0 + 120_000);
  });

  it('settles exactly at the expiry: not a millisecond before; a trade at the expiry counts', async () => {
    const t = c.t;
    const t0 = t.clock.now();
    c.feed.add(BTC, P('200'), t0);
    expect(
      (await submit(c, { match_id: BTC, currency_id: USDT, type: 1, seconds: 60, number: 10 })).body.type,
    ).toBe('ok');
    const atExpiry = c.feed.add(BTC, P('201'), t0 + 60_000);
    t.clock.set(t0 + 59_999);
    expect((await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now())).done).toBe(0);
    const [open] = await openOrders(c);
    expect(open!.remain_milli_seconds).toBe(1);
    t.clock.set(t0 + 60_000);
    expect((await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now())).done).toBe(1);
    const r = await t.call('GET', '/api/microtrade/order', { id: open!.id }, { token: c.token });
    expect(r.body.message).toMatchObject({
      status: 3,
      end_price: '201.00',
      end_trade_id: atExpiry,
      result: 'win',
    });
    // Idempotent: running again changes nothing.
    expect((await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now() + 10_000)).done).toBe(0);
  });

  it('a settings change never touches an open order', async () => {
    const t = c.t;
    // Past the earlier tests' trades: the open mark averages the trades of its window (by design).
    t.clock.advance(60_000);
    const t0 = t.clock.now();
    c.feed.add(BTC, P('300'), t0);
    await submit(c, { match_id: BTC, currency_id: USDT, type: 2, seconds: 120, number: 100 });
    await t.call(
      'POST',
      '/api/admin/micro/seconds',
      { seconds: 120, profit_ratio: '90', min_number: 10, is_enabled: 0 },
      { token: c.adminToken },
    );
    await t.call('POST', '/api/admin/micro/market', { id: BTC, open_microtrade: 0 }, { token: c.adminToken });
    c.feed.add(BTC, P('299'), t0 + 1000);
    t.clock.set(t0 + 120_000);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const closed = await t.call('GET', '/api/microtrade/lists', { status: 3 }, { token: c.token });
    expect(closed.body.message.data[0]).toMatchObject({
      profit_ratio: '12.00',
      fact_profits: '12',
      result: 'win',
    });
    await t.call('POST', '/api/admin/micro/market', { id: BTC, open_microtrade: 1 }, { token: c.adminToken });
    await t.call(
      'POST',
      '/api/admin/micro/seconds',
      { seconds: 120, profit_ratio: '12', min_number: 10, is_enabled: 1 },
      { token: c.adminToken },
    );
  });
});

describeEachDb('micro: many users, many orders at once', (getApp) => {
  it('serializes per user, settles each order once, and the ledger balances', async () => {
    const c = await setup(getApp());
    const t = c.t;
    const t0 = t.clock.now();
    c.feed.add(BTC, P('100'), t0 - 10);
    const emails = ['demo1@oryx.local', 'demo2@oryx.local', 'seller@oryx.local'];
    const tokens = await Promise.all(emails.map((e) => t.tokenFor(e)));
    const replies = await Promise.all(
      tokens.flatMap((token, u) =>
        Array.from({ length: 14 }, (_, i) =>
          submit(
            c,
            { match_id: BTC, currency_id: USDT, type: 1 + ((i + u) % 2), seconds: 60, number: 10 + i },
            token,
          ),
        ),
      ),
    );
    const codes = replies.map((r) => r.body.code ?? r.body.type);
    expect(codes.filter((x) => x === 'ok')).toHaveLength(30);
    expect(codes.filter((x) => x === 'MICRO_TOO_MANY_OPEN')).toHaveLength(12);
    for (const token of tokens) expect((await openOrders(c, token)).length).toBe(10);
    c.feed.add(BTC, P('101'), t0 + 1000);
    t.clock.set(t0 + 60_000);
    // Two runners at once (as two processes would): each order is settled exactly once.
    const [a, b] = await Promise.all([
      runDueJobs(t.app.ctx, t.app.jobs, t.clock.now(), { batchMax: 7 }),
      runDueJobs(t.app.ctx, t.app.jobs, t.clock.now(), { batchMax: 7 }),
    ]);
    expect(a.done + b.done).toBe(30);
    expect(pushes(t)).toHaveLength(30);
    const orders = await t.app.ctx.db.selectFrom('micro_orders').selectAll().execute();
    expect(orders.every((o) => o.status === 3)).toBe(true);
    const entries = await t.app.ctx.db
      .selectFrom('ledger_entries')
      .select(['reason', 'ref_id'])
      .where('ref_type', '=', 'micro_order')
      .execute();
    // stake + fee + (release, and a payout for the winners) / (loss) per order, each exactly once.
    const perOrder = new Map<string, string[]>();
    for (const e of entries) perOrder.set(e.ref_id, [...(perOrder.get(e.ref_id) ?? []), e.reason]);
    for (const o of orders) {
      const reasons = (perOrder.get(String(o.id)) ?? []).sort();
      expect(reasons).toEqual(
        o.type === 1
          ? ['micro.fee', 'micro.payout', 'micro.stake', 'micro.stake_return']
          : ['micro.fee', 'micro.loss', 'micro.stake'],
      );
    }
    const report = await checkLedger(t.app.ctx.db);
    expect(report.ok).toBe(true);
  });
});

for (const kind of DB_KINDS) {
  describe(`micro: restart with overdue orders [${kind}]`, () => {
    it('settles them at once with the price that was last at their expiry, not at restart', async () => {
      const db = await persistentDb(kind);
      const clock = new ManualClock(Date.UTC(2026, 0, 5, 8, 0, 0));
      const feed = new ScriptedTrades();
      const t0 = clock.now();
      feed.add(BTC, P('100'), t0 - 1);
      let t1: TestApp | undefined;
      let t2: TestApp | undefined;
      try {
        t1 = await startTestApp(kind, { env: { DATABASE_URL: db.url }, clock });
        t1.app.ctx.services.mark.prices = feed;
        const token = await t1.tokenFor('demo1@oryx.local');
        for (const [type, seconds] of [
          [1, 60],
          [2, 60],
          [1, 120],
        ] as const) {
          const r = await t1.call(
            'POST',
            '/api/microtrade/submit',
            { match_id: BTC, currency_id: USDT, type, seconds, number: 100 },
            { token },
          );
          expect(r.body.type).toBe('ok');
        }
        await t1.close();
        t1 = undefined;

        // While down: the price rises before the 60 s expiry, falls before the 120 s one, and jumps after.
        feed.add(BTC, P('110'), t0 + 30_000);
        feed.add(BTC, P('90'), t0 + 90_000);
        feed.add(BTC, P('150'), t0 + 200_000);
        clock.set(t0 + 3_600_000);
        t2 = await startTestApp(kind, { env: { DATABASE_URL: db.url }, clock });
        t2.app.ctx.services.mark.prices = feed;
        const report = await runDueJobs(t2.app.ctx, t2.app.jobs, clock.now());
        expect(report.done).toBe(3);
        const rows = await t2.app.ctx.db.selectFrom('micro_orders').selectAll().orderBy('id').execute();
        expect(rows.map((o) => [o.type, o.seconds, o.end_price_minor, o.result, o.end_trade_at])).toEqual([
          [1, 60, P('110'), 1, t0 + 30_000],
          [2, 60, P('110'), -1, t0 + 30_000],
          [1, 120, P('90'), -1, t0 + 90_000],
        ]);
        expect(rows.every((o) => o.settled_at === t0 + 3_600_000)).toBe(true);
      } finally {
        await t1?.close();
        await t2?.close();
        await db.drop();
      }
    });
  });
}

/** The bot maker (funded by the demo seeder) rests a deep book: `levels` x `amount` a tick apart per side. */
async function restBook(t: TestApp, marketId: number, bid: string, ask: string, amount: string, levels = 3) {
  const spot = t.app.ctx.services.spot.engine;
  const bot = await t.userId(BOT_MAKER_EMAIL);
  const mb = spot.committer.book(marketId)!;
  for (const o of [...mb.open.values()]) if (o.userId === bot) await spot.cancelOrder(bot, o.id);
  const m = spot.market(marketId)!;
  const tick = Number(m.rules.priceTick) / 10 ** m.quoteScale;
  for (let i = 0; i < levels; i++) {
    for (const [type, base, sign] of [
      [1, bid, -1],
      [2, ask, 1],
    ] as const) {
      const price = (Number(base) + sign * i * tick).toFixed(m.priceDecimals);
      const cmd = spot.buildPlace(bot, { match_id: marketId, type, target_price: price, amount }, null);
      await spot.placeInternal(cmd);
    }
  }
}

describeEachDb('micro: prices from the recorded book and trades', (getApp) => {
  it('opens and settles on the mark of real snapshots and spot trades (the production source)', async () => {
    const t = getApp();
    const token = await t.tokenFor('demo2@oryx.local');
    const seller = await t.tokenFor('seller@oryx.local');
    const userId = await t.userId('demo2@oryx.local');
    const LTC = 3;
    const t0 = t.clock.now();
    /** A real trade on the spot book: the seller rests a limit sell, demo2 takes it. */
    const trade = async (price: string) => {
      const ask = await t.call(
        'POST',
        '/api/coin/trade',
        { match_id: LTC, type: 2, target_price: price, amount: '0.1' },
        { token: seller },
      );
      expect(ask.body.type).toBe('ok');
      const bid = await t.call(
        'POST',
        '/api/coin/trade',
        { match_id: LTC, type: 1, target_price: price, amount: '0.1' },
        { token },
      );
      expect(bid.body.type).toBe('ok');
      const last = await t.app.ctx.db
        .selectFrom('spot_trades')
        .select(['id', 'price_minor', 'created_at'])
        .where('market_id', '=', LTC)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last.price_minor).toBe(P(price));
      return last;
    };
    // Nothing recorded yet: no mark, so nothing opens.
    const body = { match_id: LTC, currency_id: USDT, type: 2, seconds: 60, number: 50 };
    expect((await t.call('POST', '/api/microtrade/submit', body, { token })).body.code).toBe(
      'MICRO_NO_PRICE',
    );
    await trade('95.00');
    // A price but no book in the window: nothing to limit the stake by.
    t.clock.set(t0 + 1000);
    expect((await t.call('POST', '/api/microtrade/submit', body, { token })).body.code).toBe(
      'MICRO_MARKET_TOO_THIN',
    );
    // A deep book 94.99 / 95.01 (impact mid 95.00), sampled: the order opens on the mark 95.00.
    await restBook(t, LTC, '94.99', '95.01', '30');
    expect(await sampleBooks(t.app.ctx, t.clock.now())).toBeGreaterThan(0);
    expect((await t.call('POST', '/api/microtrade/submit', body, { token })).body.type).toBe('ok');
    // The book moves down to 94.49 / 94.51 and is sampled inside the expiry's window.
    t.clock.set(t0 + 50_000);
    await restBook(t, LTC, '94.49', '94.51', '30');
    await sampleBooks(t.app.ctx, t.clock.now());
    // One account prints 99.00 just before the expiry: clipped to the band and capped, it barely counts.
    t.clock.set(t0 + 60_850);
    await restBook(t, LTC, '94.49', '94.51', '30', 0);
    const print = await trade('99.00');
    t.clock.set(t0 + 61_001);
    await trade('99.00'); // after the expiry: must not count
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const [row] = await t.app.ctx.db
      .selectFrom('micro_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(row).toMatchObject({ open_price_minor: P('95'), end_trade_id: print.id, result: 1, status: 3 });
    // 94.50 moved 5 % of the way to the band's edge (94.97) by the one account's print: 94.52.
    expect(row!.end_price_minor).toBe(P('94.52'));
    expect(row!.fact_profits_minor).toBe(5n * U); // 50 x 10 %
    const proof = (await t.call('GET', '/api/microtrade/proof', { id: row!.id })).body.message;
    expect(proof.open_mark).toMatchObject({ price: '95.00', method: 'book' });
    expect(proof.end_mark).toMatchObject({ price: '94.52', method: 'book', minor_scale: 8 });
    // The inputs' minor units read at minor_scale: the book part is a price like the mark.
    expect(BigInt(proof.end_mark.inputs.book_price_minor)).toBe(P('94.50'));
    expect(proof.end_mark.inputs).toMatchObject({
      window: { from_ms_exclusive: t0 + 46_000, to_ms: t0 + 61_000 },
      trade_ids: [print.id],
      trade_share_bps: 500,
    });
    expect(proof.end_mark.inputs.books).toHaveLength(1);
    // Anyone can recompute both marks from the recorded snapshots and trades.
    expect((await markAt(t.app.ctx.db, LTC, row!.expires_at)).priceMinor).toBe(row!.end_price_minor);
    expect((await markAt(t.app.ctx.db, LTC, row!.opened_at)).priceMinor).toBe(row!.open_price_minor);
  });
});

for (const kind of DB_KINDS) {
  describe(`micro: restart through the background starter [${kind}]`, () => {
    it('the starter settles overdue orders at once, from the book last sampled before their expiry', async () => {
      const db = await persistentDb(kind);
      const clock = new ManualClock(Date.UTC(2026, 0, 6, 8, 0, 0));
      const t0 = clock.now();
      const LTC = 3;
      let t1: TestApp | undefined;
      let app2: Awaited<ReturnType<typeof buildApp>> | undefined;
      try {
        t1 = await startTestApp(kind, { env: { DATABASE_URL: db.url }, clock });
        const trader = await t1.tokenFor('demo1@oryx.local');
        const seller = await t1.tokenFor('seller@oryx.local');
        const trade = async (price: string) => {
          const a = { match_id: LTC, target_price: price, amount: '0.1' };
          expect(
            (await t1!.call('POST', '/api/coin/trade', { ...a, type: 2 }, { token: seller })).body.type,
          ).toBe('ok');
          expect(
            (await t1!.call('POST', '/api/coin/trade', { ...a, type: 1 }, { token: trader })).body.type,
          ).toBe('ok');
        };
        await trade('95.00');
        // A deep book, sampled, so the order has a mark and a limit (and the mark a book).
        await restBook(t1, LTC, '94.99', '95.01', '30');
        await sampleBooks(t1.app.ctx, clock.now());
        const body = { match_id: LTC, currency_id: USDT, type: 1, seconds: 60, number: 100 };
        expect((await t1.call('POST', '/api/microtrade/submit', body, { token: trader })).body.type).toBe(
          'ok',
        );
        clock.set(t0 + 30_000);
        await restBook(t1, LTC, '95.99', '96.01', '30');
        await sampleBooks(t1.app.ctx, clock.now());
        await restBook(t1, LTC, '95.99', '96.01', '30', 0);
        await trade('96.00');
        clock.set(t0 + 45_000);
        await t1.close(); // down before the expiry
        t1 = undefined;

        // Back an hour later, started as `npm start` starts it (background work on, production mode:
        // no demo bot), and nobody calls runDueJobs: the starter must find the overdue order itself.
        clock.set(t0 + 3_600_000);
        const env = loadEnv({
          DATABASE_URL: db.url,
          ORYX_MODE: 'production',
          PAY_SANDBOX_SECRET: 'test-pay-secret-0123456789',
          API_KEY_ENCRYPTION_KEY: 'test-api-key-encryption-key-0123456789',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_PER_MINUTE: '100000',
          WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
          UPLOAD_DIR: path.join(os.tmpdir(), `oryx-up-${crypto.randomBytes(4).toString('hex')}`),
        });
        app2 = await buildApp({ env, clock, sockets: false, seed: true, background: true });
        await app2.ready();
        const db2 = app2.ctx.db;
        await expect
          .poll(
            async () => (await db2.selectFrom('micro_orders').select('status').executeTakeFirst())?.status,
            {
              timeout: 10_000,
            },
          )
          .toBe(3);
        const row = await db2.selectFrom('micro_orders').selectAll().executeTakeFirstOrThrow();
        expect(row).toMatchObject({ end_trade_at: t0 + 30_000, result: 1, settled_at: t0 + 3_600_000 });
        expect(row.end_price_minor).toBe(P('96'));
        await expectLedgerBalanced(db2);
      } finally {
        await t1?.close();
        await app2?.close();
        await db.drop();
      }
    });
  });
}
