/**
 * The risk loop and the overnight fee over the real server and database: limit orders open when the mark
 * reaches them, take-profit / stop-loss at and around their price, liquidation at exactly the level, a
 * loss beyond the user's equity absorbed by the pool (the user at zero; the harness checks the ledger at
 * close), the overnight fee once per position and day, and a restart with open positions.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS, describeEachDb, persistentDb, startTestApp, type TestApp } from '../../../test/harness';
import { ManualClock } from '../../lib/clock';
import { runDueJobs } from '../scheduler/scheduler';
import { dayStart } from './overnight';
import { RISK_TICK_MS, startRiskLoop } from './risk';
import {
  A,
  BTC_CURRENCY,
  USDT,
  changeTerms,
  evaluateNow,
  fund,
  keepLever,
  lastOrder,
  lever,
  ok,
  orders,
  pool,
  pushes,
  setMark,
  setup,
  type Lc,
} from './test-helpers';

const open = (c: Lc, patch: Record<string, unknown> = {}, token = c.token) =>
  ok(
    c,
    '/api/lever/submit',
    {
      legal_id: USDT,
      currency_id: BTC_CURRENCY,
      multiple: 10,
      share: 2,
      type: 1,
      status: 1,
      password: 'oryx-demo-1',
      ...patch,
    },
    token,
  );

describeEachDb('lever: pending orders and stops on the mark', (getApp) => {
  let c: Lc;
  beforeAll(async () => {
    c = await setup(getApp());
  });
  beforeEach(async () => {
    await ok(c, '/api/lever/batch_close', { type: 0 });
    setMark(c, '60000');
  });

  it('a limit long opens when the mark falls to its price, a limit short when it rises to it', async () => {
    await open(c, { status: 0, target_price: '59000' });
    const long = await lastOrder(c);
    await open(c, { status: 0, type: 2, target_price: '61000' });
    const short = await lastOrder(c);
    setMark(c, '59000.01');
    expect(await evaluateNow(c)).toMatchObject({ opened: 0 });
    setMark(c, '59000');
    expect(await evaluateNow(c)).toMatchObject({ opened: 1 });
    const l = (await orders(c)).find((o) => o.id === long.id)!;
    expect([l.status, l.opened_at, l.price_minor]).toEqual([1, c.t.clock.now(), A('59029.5')]);
    setMark(c, '60999.99');
    await evaluateNow(c);
    expect((await orders(c)).find((o) => o.id === short.id)!.status).toBe(0);
    setMark(c, '61000');
    await evaluateNow(c);
    const s = (await orders(c)).find((o) => o.id === short.id)!;
    expect([s.status, s.price_minor]).toEqual([1, A('60969.5')]);
  });

  it('a long’s take-profit fires at its price, not a cent before', async () => {
    await open(c);
    const o = await lastOrder(c);
    await ok(c, '/api/lever/setstop', { id: o.id, target_profit_price: '61000', stop_loss_price: '59000' });
    setMark(c, '60999.99');
    expect(await evaluateNow(c)).toMatchObject({ stopped: 0 });
    setMark(c, '61000');
    expect(await evaluateNow(c)).toMatchObject({ stopped: 1 });
    const x = await lastOrder(c);
    expect([x.status, x.close_reason, x.profits_minor]).toEqual([3, 'take_profit', A('19.4')]);
  });

  it('a long’s stop-loss fires at its price', async () => {
    await open(c);
    const o = await lastOrder(c);
    await ok(c, '/api/lever/setstop', { id: o.id, target_profit_price: '61000', stop_loss_price: '59000' });
    setMark(c, '59000.01');
    expect(await evaluateNow(c)).toMatchObject({ stopped: 0 });
    setMark(c, '59000');
    await evaluateNow(c);
    const x = await lastOrder(c);
    expect([x.status, x.close_reason, x.profits_minor]).toEqual([3, 'stop_loss', A('-20.6')]);
  });

  it('a break-even stop-loss at the open price is accepted and closes at no loss', async () => {
    await open(c);
    const o = await lastOrder(c);
    expect(o.price_minor).toBe(A('60030'));
    setMark(c, '60100');
    await ok(c, '/api/lever/setstop', { id: o.id, stop_loss_price: '60030' });
    expect((await lastOrder(c)).stop_loss_minor).toBe(A('60030'));
    setMark(c, '60030.01');
    expect(await evaluateNow(c)).toMatchObject({ stopped: 0 });
    setMark(c, '60030');
    await evaluateNow(c);
    const x = await lastOrder(c);
    expect([x.status, x.close_reason, x.profits_minor]).toEqual([3, 'stop_loss', 0n]);
    setMark(c, '60000');
    await open(c, { type: 2 });
    const s = await lastOrder(c);
    expect(s.price_minor).toBe(A('59970'));
    setMark(c, '59900');
    await ok(c, '/api/lever/setstop', { id: s.id, stop_loss_price: '59970' });
    expect((await lastOrder(c)).stop_loss_minor).toBe(A('59970'));
  });

  it('a short’s take-profit lies below and its stop-loss above', async () => {
    await open(c, { type: 2 });
    const o = await lastOrder(c);
    const bad = await c.t.call(
      'POST',
      '/api/lever/setstop',
      { id: o.id, target_profit_price: '61000' },
      { token: c.token },
    );
    expect(bad.body.code).toBe('LEVER_STOP_WRONG_SIDE');
    await ok(c, '/api/lever/setstop', { id: o.id, target_profit_price: '59000', stop_loss_price: '61000' });
    setMark(c, '59000.01');
    await evaluateNow(c);
    expect((await lastOrder(c)).status).toBe(1);
    setMark(c, '59000');
    await evaluateNow(c);
    const x = await lastOrder(c);
    expect([x.status, x.close_reason, x.profits_minor]).toEqual([3, 'take_profit', A('19.4')]);
  });
});

describeEachDb('lever: liquidation', (getApp) => {
  let c: Lc;
  beforeAll(async () => {
    c = await setup(getApp());
    // No spread and no fee, so the figures are round: 1 lot = 0.01 BTC.
    await changeTerms(c, { spread: '0', lever_trade_fee: '0' });
    setMark(c, '50000');
  });

  it('closes every position of the currency at exactly the level, not a cent above', async () => {
    await keepLever(c, c.userId2, '5');
    // 0.01 BTC at 50000 x100: margin 5, nothing left free. Rate = (0 + 5 + P/L) / 5; 50 % at P/L -2.5.
    await open(c, { share: 1, multiple: 100 }, c.token2);
    const dealAll = await ok(c, '/api/lever/dealall', { legal_id: USDT }, c.token2);
    expect([dealAll.hazard_rate, dealAll.liquidation_rate]).toEqual(['100.00', '50.00']);
    setMark(c, '49750.01');
    expect(await evaluateNow(c)).toMatchObject({ liquidated: 0 });
    const poolBefore = (await pool(c)).availableMinor;
    setMark(c, '49750');
    expect(await evaluateNow(c)).toMatchObject({ liquidated: 1 });
    const x = await lastOrder(c);
    expect([x.status, x.close_reason, x.profits_minor]).toEqual([3, 'liquidation', A('-2.5')]);
    expect(await lever(c, c.userId2)).toEqual({ availableMinor: A('2.5'), frozenMinor: 0n });
    expect((await pool(c)).availableMinor).toBe(poolBefore + A('2.5'));
  });

  it('a loss beyond the user’s equity is absorbed by the pool: the user ends at zero', async () => {
    setMark(c, '50000');
    await keepLever(c, c.userId, '5');
    await open(c, { share: 1, multiple: 100 });
    const poolBefore = (await pool(c)).availableMinor;
    setMark(c, '40000'); // P/L -100 against a margin of 5 and nothing free
    await evaluateNow(c);
    const mine = (await orders(c)).filter((o) => o.user_id === c.userId);
    expect(mine.map((o) => [o.status, o.close_reason, o.profits_minor])).toEqual([
      [3, 'liquidation', A('-100')],
    ]);
    expect(await lever(c)).toEqual({ availableMinor: 0n, frozenMinor: 0n });
    // The pool receives the margin (5); the other 95 of the loss is the pool's, never a negative balance.
    expect((await pool(c)).availableMinor - poolBefore).toBe(A('5'));
    expect(pushes(c, 'lever_closed').at(-1)?.payload).toEqual({ type: 'lever_closed', id: [mine[0]!.id] });
  });

  it('a terms change leaves open positions at the level they opened under; new positions take the new one', async () => {
    setMark(c, '50000');
    await fund(c, c.userId2, '10');
    // 100x, margin 5 with 5 free: at 50 % the rate (10 + P/L) / 5 reaches the level at P/L -7.5.
    await open(c, { share: 1, multiple: 100 }, c.token2);
    const old = await lastOrder(c);
    expect(old.liquidation_rate_bps).toBe(5_000);
    await changeTerms(c, { liquidation_rate: '90' });
    // At 49400 (P/L -6, rate 80 %) the new 90 % would liquidate it; the 50 % it opened under does not.
    setMark(c, '49400');
    expect(await evaluateNow(c)).toMatchObject({ liquidated: 0 });
    expect((await orders(c)).find((o) => o.id === old.id)?.status).toBe(1);
    const dealAll = await ok(c, '/api/lever/dealall', { legal_id: USDT }, c.token2);
    expect([dealAll.hazard_rate, dealAll.liquidation_rate]).toEqual(['80.00', '50.00']);
    // A position opened now takes 90 % (and, at 90 %, at most 20x: the mark's band must come first).
    setMark(c, '50000');
    await fund(c, c.userId, '25');
    const refused = await c.t.call(
      'POST',
      '/api/lever/submit',
      {
        legal_id: USDT,
        currency_id: BTC_CURRENCY,
        multiple: 100,
        share: 1,
        type: 1,
        status: 1,
        password: 'oryx-demo-1',
      },
      { token: c.token },
    );
    expect(refused.body).toMatchObject({ type: 'error', code: 'LEVER_MULTIPLE_TOO_HIGH' });
    await open(c, { share: 1, multiple: 20 });
    const fresh = await lastOrder(c);
    expect([fresh.liquidation_rate_bps, fresh.margin_minor]).toEqual([9_000, A('25')]);
    // Margin 25, nothing free: 90 % at P/L -2.5, a mark of 49750.
    setMark(c, '49750.01');
    expect(await evaluateNow(c)).toMatchObject({ liquidated: 0 });
    setMark(c, '49750');
    expect(await evaluateNow(c)).toMatchObject({ liquidated: 1 });
    const now = await orders(c);
    expect(now.find((o) => o.id === fresh.id)).toMatchObject({ status: 3, close_reason: 'liquidation' });
    expect(now.find((o) => o.id === old.id)?.status).toBe(1);
    await ok(c, '/api/lever/batch_close', { type: 0 }, c.token2);
    await changeTerms(c, { liquidation_rate: '50' });
  });
});

describeEachDb('lever: overnight fee', (getApp) => {
  it('charges once per Shanghai day positions opened before it, from the margin', async () => {
    const c = await setup(getApp());
    setMark(c, '60000');
    await open(c);
    const o = await lastOrder(c);
    // Opened 2026-01-05 ~16:00 Shanghai; the fee falls due at 2026-01-06 00:00 Shanghai.
    const due = dayStart('2026-01-06');
    c.t.clock.set(due);
    setMark(c, '60000');
    await open(c); // opened after that midnight: not charged for that day
    const later = await lastOrder(c);
    const { app } = c.t;
    expect((await runDueJobs(app.ctx, app.jobs, c.t.clock.now())).done).toBe(1);
    const charged = (await orders(c)).find((x) => x.id === o.id)!;
    // 60030 x 0.02 x 0.05 % = 0.6003, from the margin 120.06.
    expect([charged.margin_minor, charged.overnight_minor, charged.overnight_day]).toEqual([
      A('119.4597'),
      A('0.6003'),
      '2026-01-06',
    ]);
    expect((await orders(c)).find((x) => x.id === later.id)!.overnight_minor).toBe(0n);
    expect((await runDueJobs(app.ctx, app.jobs, c.t.clock.now())).done).toBe(0);
    const next = await app.ctx.db
      .selectFrom('jobs')
      .select(['due_at', 'status'])
      .where('kind', '=', 'lever.overnight')
      .orderBy('id')
      .execute();
    expect(next).toEqual([
      { due_at: due, status: 'done' },
      { due_at: dayStart('2026-01-07'), status: 'pending' },
    ]);
    await ok(c, '/api/lever/batch_close', { type: 0 });
  });
});

describeEachDb('lever: overnight fee beyond the margin, and the loop on the clock', (getApp) => {
  it('takes the rest from the lever balance; a position without margin is liquidated', async () => {
    const c = await setup(getApp());
    await changeTerms(c, { spread: '0', lever_trade_fee: '0', overnight: '10' });
    setMark(c, '60000');
    const before = await lever(c);
    // 0.01 BTC at 60000 x100: margin 6; the night costs 10 % of 600 = 60: 6 from the margin, 54 from the balance.
    await open(c, { share: 1, multiple: 100 });
    const o = await lastOrder(c);
    c.t.clock.set(dayStart('2026-01-06'));
    const { app } = c.t;
    await runDueJobs(app.ctx, app.jobs, c.t.clock.now());
    const charged = await lastOrder(c);
    expect([charged.margin_minor, charged.overnight_minor]).toEqual([0n, A('60')]);
    expect(await lever(c)).toEqual({ availableMinor: before.availableMinor - A('60'), frozenMinor: 0n });
    setMark(c, '60000');
    expect(await evaluateNow(c)).toMatchObject({ liquidated: 1 });
    expect((await orders(c)).find((x) => x.id === o.id)).toMatchObject({
      status: 3,
      close_reason: 'liquidation',
    });
    expect(await lever(c)).toEqual({ availableMinor: before.availableMinor - A('60'), frozenMinor: 0n });
  });

  it('the background loop evaluates on the clock’s timer', async () => {
    const c = await setup(getApp());
    setMark(c, '60000');
    await open(c, { status: 0, target_price: '59000' });
    const stop = await startRiskLoop(c.t.app.ctx);
    try {
      setMark(c, '59000');
      await c.t.elapse(RISK_TICK_MS + 20);
      // The tick has fired; its evaluation may still be talking to the database.
      await expect.poll(async () => (await lastOrder(c)).status, { timeout: 5_000 }).toBe(1);
    } finally {
      await stop();
    }
    await ok(c, '/api/lever/batch_close', { type: 0 });
  });
});

for (const kind of DB_KINDS) {
  describe(`lever: restart with open positions [${kind}]`, () => {
    it('keeps positions and pending orders, and the loop acts on them after the restart', async () => {
      const db = await persistentDb(kind);
      const clock = new ManualClock(Date.UTC(2026, 0, 5, 8, 0, 0));
      let t1: TestApp | undefined;
      let t2: TestApp | undefined;
      try {
        t1 = await startTestApp(kind, { env: { DATABASE_URL: db.url }, clock });
        const c1 = await setup(t1);
        setMark(c1, '60000');
        await open(c1);
        await open(c1, { status: 0, target_price: '59000' });
        await t1.close();
        t1 = undefined;
        t2 = await startTestApp(kind, { env: { DATABASE_URL: db.url }, clock });
        const c2 = await setup(t2);
        expect((await orders(c2)).map((o) => o.status)).toEqual([1, 0]);
        setMark(c2, '59000');
        expect(await evaluateNow(c2)).toMatchObject({ opened: 1 });
        const all = await ok(c2, '/api/lever/dealall', { legal_id: USDT });
        expect(all.order.data).toHaveLength(2);
        expect(await ok(c2, '/api/lever/batch_close', { type: 0 })).toBe('2 positions closed');
        expect(await lever(c2)).toMatchObject({ frozenMinor: 0n });
      } finally {
        await t1?.close();
        await t2?.close();
        await db.drop();
      }
    });
  });
}
