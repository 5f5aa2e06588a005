/**
 * Deposit-earning over the real app: the published terms, a deposit locking the principal, the daily
 * instalments paid by the scheduler (on time, late, early, twice, after a restart) with exact amounts,
 * the principal back on the last day, and bad input changing nothing. Every app ends with the ledger check.
 */
import { describe, expect, it } from 'vitest';
import { EARNING_DAY_MS } from '@oryx/contracts/earning/terms';
import { DB_KINDS, describeEachDb, persistentDb, startTestApp, type TestApp } from '../../../test/harness';
import { runDueJobs } from '../scheduler/scheduler';
import { bal, freshUser, TRADE_PW, U, USDT } from './test-helpers';

const run = (t: TestApp) => runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());

async function deposit(t: TestApp, token: string, set_id: unknown, balance: unknown, extra = {}) {
  return (
    await t.call(
      'POST',
      '/api/record/submit',
      { set_id, currency_id: USDT, balance, password: TRADE_PW, ...extra },
      { token },
    )
  ).body;
}

describeEachDb('deposit-earning', (getApp) => {
  it('publishes its products and the deposit wallet', async () => {
    const t = getApp();
    const setup = await t.call('GET', '/api/wallet/deposit_setup');
    expect(setup.body.message).toEqual([
      { id: 1, day: 7, rate: '0.001', rate_percent: '0.10', rate_bps: 10 },
      { id: 2, day: 30, rate: '0.006', rate_percent: '0.60', rate_bps: 60 },
      { id: 3, day: 90, rate: '0.02', rate_percent: '2.00', rate_bps: 200 },
    ]);
    const u = await freshUser(t, { usdtMinor: 500n * U });
    const list = await t.call('POST', '/api/wallet/depositlist', {}, { token: u.token });
    expect(list.body.message.deposit_wallet.balance[0]).toMatchObject({
      currency: USDT,
      currency_name: 'USDT',
      deposit_balance: '500.00000000',
      lock_deposit_balance: '0.00000000',
      min_number: '10.00000000',
    });
  });

  it('sends rate so that clients showing 100 × rate percent show what a deposit earns over its term', async () => {
    const t = getApp();
    const products = (await t.call('GET', '/api/wallet/deposit_setup')).body.message as {
      id: number;
      rate: string;
      rate_percent: string;
    }[];
    // What a client of this API family shows: 100 × rate %.
    const shown = products.map((p) => `${Number((100 * Number(p.rate)).toFixed(6))}%`);
    expect(shown).toEqual(['0.1%', '0.6%', '2%']);
    expect(products.map((p) => Number(p.rate_percent))).toEqual([0.1, 0.6, 2]);
    // And what it earns: 1000 USDT in the 90-day product pays 1000 × rate = 20 USDT over the term.
    const u = await freshUser(t, { usdtMinor: 1000n * U });
    expect(await deposit(t, u.token, 3, '1000')).toMatchObject({ type: 'ok' });
    const rows = await t.call('POST', '/api/record/lists', { page: 1 }, { token: u.token });
    const row = rows.body.message.data[0];
    expect(row).toMatchObject({ rate: products[2]!.rate, rate_percent: '2.00', total_profit: '20.00000000' });
    expect(Number(row.balance) * Number(products[2]!.rate)).toBe(Number(row.total_profit));
  });

  it('7 days at 0.10 %: seven exact instalments, principal back on day 7, each paid once', async () => {
    const t = getApp();
    const u = await freshUser(t, { usdtMinor: 1000n * U });
    expect(await deposit(t, u.token, 1, '700.00000001')).toMatchObject({ type: 'ok' });
    expect(await bal(t, u.id, USDT)).toEqual({ available: '299.99999999', frozen: '0.00000000' });
    expect(await bal(t, u.id, USDT, 'deposit')).toEqual({ available: '0.00000000', frozen: '700.00000001' });
    // Interest = floor(70000000001 x 10 / 10000) = 70000000 minor = 0.7; per day 0.1.
    t.clock.advance(EARNING_DAY_MS - 1);
    await run(t); // early: nothing
    expect(await bal(t, u.id, USDT)).toEqual({ available: '299.99999999', frozen: '0.00000000' });
    t.clock.advance(1);
    await run(t);
    await run(t); // twice: paid once
    expect((await bal(t, u.id, USDT)).available).toBe('300.09999999');
    t.clock.advance(10 * EARNING_DAY_MS); // late: every remaining day at once, exactly
    await run(t);
    expect(await bal(t, u.id, USDT)).toEqual({ available: '1000.70000000', frozen: '0.00000000' });
    expect(await bal(t, u.id, USDT, 'deposit')).toEqual({ available: '0.00000000', frozen: '0.00000000' });
    const token = await t.app.sessions.create(u.id);
    const rows = await t.call(
      'POST',
      '/api/record/lists',
      { page: 1 },
      { token, headers: { 'x-locale': 'en' } },
    );
    expect(rows.body.message.data[0]).toMatchObject({
      balance: '700.00000001',
      profit_balance: '0.70000000',
      total_profit: '0.70000000',
      paid_days: 7,
      status: 2,
      status_name: 'Finished',
      day: 7,
      rate: '0.001',
      rate_percent: '0.10',
    });
  });

  it('instalments that do not divide evenly sum to the interest', async () => {
    const t = getApp();
    const u = await freshUser(t, { usdtMinor: 1000n * U });
    await deposit(t, u.token, 2, '333.33333333'); // 30 days, 0.60 %: interest 1.99999999
    const payouts: string[] = [];
    for (let d = 1; d <= 30; d++) {
      const before = BigInt((await bal(t, u.id, USDT)).available.replace('.', ''));
      t.clock.advance(EARNING_DAY_MS);
      await run(t);
      const after = BigInt((await bal(t, u.id, USDT)).available.replace('.', ''));
      payouts.push(String(after - before));
    }
    const interest =
      payouts.slice(0, 29).reduce((s, p) => s + BigInt(p), 0n) + BigInt(payouts[29]!) - 33333333333n;
    expect(interest).toBe(199999999n);
    expect(new Set(payouts.slice(0, 29).map((p) => BigInt(p) / 1000n))).toEqual(new Set([6666n]));
    // 30 days on, the first session has expired: a new one.
    const token = await t.app.sessions.create(u.id);
    const list = await t.call('POST', '/api/record/lists', {}, { token });
    expect(list.body.type, JSON.stringify(list.body)).toBe('ok');
    expect(list.body.message.data[0]).toMatchObject({ profit_balance: '1.99999999', status: 2 });
  });

  it('a retried deposit with the same client id deposits once; another amount under it is refused', async () => {
    const t = getApp();
    const u = await freshUser(t, { usdtMinor: 100n * U });
    const a = await deposit(t, u.token, 1, '20', { client_id: 'dep-1' });
    const b = await deposit(t, u.token, 1, '20', { client_id: 'dep-1' });
    expect([a.type, b.type]).toEqual(['ok', 'ok']);
    expect(await bal(t, u.id, USDT)).toEqual({ available: '80.00000000', frozen: '0.00000000' });
    const c = await deposit(t, u.token, 1, '30', { client_id: 'dep-1' });
    expect(c.code).toBe('IDEMPOTENCY_MISMATCH');
    const list = await t.call('POST', '/api/record/lists', {}, { token: u.token });
    expect(list.body.message.total).toBe(1);
  });

  it('concurrent deposits never lock more than the spot wallet holds', async () => {
    const t = getApp();
    const u = await freshUser(t, { usdtMinor: 100n * U });
    const replies = await Promise.all(Array.from({ length: 5 }, () => deposit(t, u.token, 1, '30')));
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(3);
    expect(replies.filter((r) => r.code === 'EARNING_INSUFFICIENT')).toHaveLength(2);
    expect(await bal(t, u.id, USDT)).toEqual({ available: '10.00000000', frozen: '0.00000000' });
    expect(await bal(t, u.id, USDT, 'deposit')).toEqual({ available: '0.00000000', frozen: '90.00000000' });
  });

  it('refuses bad input and changes nothing', async () => {
    const t = getApp();
    const u = await freshUser(t, { usdtMinor: 100n * U });
    const cases: [unknown, unknown, Record<string, unknown>, string][] = [
      [1, '0', {}, 'EARNING_AMOUNT_INVALID'],
      [1, '-5', {}, 'EARNING_AMOUNT_INVALID'],
      [1, 'abc', {}, 'EARNING_AMOUNT_INVALID'],
      [1, '', {}, 'EARNING_AMOUNT_INVALID'],
      [1, '5', {}, 'EARNING_AMOUNT_BELOW_MIN'],
      [1, '100.00000001', {}, 'EARNING_INSUFFICIENT'],
      [99, '10', {}, 'EARNING_PRODUCT_UNKNOWN'],
      ['x', '10', {}, 'EARNING_PRODUCT_UNKNOWN'],
      [1, '10', { currency_id: 7 }, 'EARNING_CURRENCY_UNKNOWN'],
      [1, '10', { password: 'wrong-pw' }, 'TRADE_PASSWORD_WRONG'],
      [1, '10', { password: '' }, 'TRADE_PASSWORD_REQUIRED'],
    ];
    for (const [set, amount, extra, code] of cases) {
      const r = await deposit(t, u.token, set, amount, extra);
      expect(r.type, `${code}: ${JSON.stringify(r)}`).not.toBe('ok');
      expect(r.code).toBe(code);
    }
    expect(await bal(t, u.id, USDT)).toEqual({ available: '100.00000000', frozen: '0.00000000' });
    const list = await t.call('POST', '/api/record/lists', {}, { token: u.token });
    expect(list.body.message.total).toBe(0);
  });
});

describe.each(DB_KINDS)('deposit-earning across a restart (%s)', (kind) => {
  it('pays overdue instalments once after a restart, as of their due times', async () => {
    const store = await persistentDb(kind);
    try {
      const env = { DATABASE_URL: store.url };
      const t1 = await startTestApp(kind, { env });
      const u = await freshUser(t1, { usdtMinor: 100n * U });
      await deposit(t1, u.token, 1, '100');
      t1.clock.advance(2 * EARNING_DAY_MS);
      await run(t1);
      const clock = t1.clock;
      await t1.close();
      clock.advance(30 * EARNING_DAY_MS);
      const t2 = await startTestApp(kind, { env, clock });
      await run(t2);
      await run(t2);
      expect(await bal(t2, u.id, USDT)).toEqual({ available: '100.10000000', frozen: '0.00000000' });
      const due = await t2.app.ctx.db
        .selectFrom('earning_payouts')
        .select(['seq', 'due_at', 'paid_at'])
        .orderBy('seq')
        .execute();
      expect(due.map((d) => d.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(due.every((d) => d.paid_at === d.due_at)).toBe(true);
      await t2.close();
    } finally {
      await store.drop();
    }
  });
});
