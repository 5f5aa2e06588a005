/**
 * JC points over the real app: binding through the sandbox adapter (fields 1-20 characters, its
 * refusal), jc/info refused until bound, points earned from trading fees by the hourly job (exact,
 * once), the JC to BEAU exchange at the published price and fee (exact), insufficient points and bad
 * input refused with nothing changed, and the records. Every app ends with the ledger check.
 */
import { expect, it } from 'vitest';
import { describeEachDb, startTestApp, type TestApp } from '../../../test/harness';
import { usersRepo } from '../users/repo';
import { bindAccount } from './service';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { runDueJobs } from '../scheduler/scheduler';
import { bal, BTC, credit, freshUser, TRADE_PW, U, USDT } from '../earning/test-helpers';
import { ACCRUAL_INTERVAL_MS, BEAU_CURRENCY_ID, JC_CURRENCY_ID } from './config';
import { ensureAccrualJob } from './accrual';
import { pointsProviderOf, SANDBOX_REFUSE_PASSWORD } from './provider';

async function fee(t: TestApp, userId: number, currencyId: number, amountMinor: bigint) {
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: userAccount(userId, 'change'),
      to: systemAccount('fees'),
      amountMinor,
      currencyId,
      reason: 'spot.fee',
      ref: { type: 'test_fee', id: userId },
      at: t.clock.now(),
    }),
  );
}

describeEachDb('points', (getApp) => {
  it('binds through the sandbox adapter; jc/info needs a binding', async () => {
    const t = getApp();
    const u = await freshUser(t);
    const before = await t.call('GET', '/api/jc/info', undefined, { token: u.token });
    expect(before.body).toMatchObject({ type: 'error', code: 'POINTS_NOT_BOUND' });
    const bad: Record<string, unknown>[] = [
      { user_name: '', password: 'x' },
      { user_name: 'alice', password: '' },
      { user_name: 'a'.repeat(21), password: 'secret' },
      { user_name: 'alice', password: 'p'.repeat(21) },
      { password: 'secret' },
    ];
    for (const body of bad) {
      const r = await t.call('POST', '/api/jc/bind', body, { token: u.token });
      expect(r.body.code, JSON.stringify(body)).toBe('POINTS_BIND_INVALID');
    }
    const refused = await t.call(
      'POST',
      '/api/jc/bind',
      { user_name: 'alice', password: SANDBOX_REFUSE_PASSWORD },
      { token: u.token },
    );
    expect(refused.body.code).toBe('POINTS_BIND_REFUSED');
    expect((await t.call('GET', '/api/jc/bind', undefined, { token: u.token })).body.message).toEqual({
      user_name: '',
      provider: 'sandbox',
    });
    const ok = await t.call(
      'POST',
      '/api/jc/bind',
      { user_name: 'a'.repeat(20), password: 'p'.repeat(20) },
      { token: u.token },
    );
    expect(ok.body.type).toBe('ok');
    expect((await t.call('GET', '/api/jc/bind', undefined, { token: u.token })).body.message.user_name).toBe(
      'a'.repeat(20),
    );
    const info = await t.call('GET', '/api/jc/info', undefined, { token: u.token });
    expect(info.body.message).toEqual({
      jc_integral: '0.00000000',
      free_jc_integral: '0.00000000',
      jc_exchange_fee: '2.00',
      jc_exchange_fee_bps: 200,
      jc_price: '0.005',
      beau_per_jc: '0.10000000',
      jc_price_difference: '0',
      market_price: '0.05000000',
      points_per_usdt: '10',
      provider: 'sandbox',
    });
  });

  it('earns 10 JC per USDT of trading fees once, and exchanges them for BEAU exactly', async () => {
    const t = getApp();
    const u = await freshUser(t, { usdtMinor: 100n * U });
    await credit(t, u.id, BTC, U);
    await t.call('POST', '/api/jc/bind', { user_name: 'alice', password: 'secret' }, { token: u.token });
    await ensureAccrualJob(t.app.ctx);
    await fee(t, u.id, USDT, 123_456_789n); // 1.23456789 USDT -> 12.3456789 JC
    await fee(t, u.id, BTC, 1_000n); // 0.00001 BTC at the BTC reference price
    t.clock.advance(ACCRUAL_INTERVAL_MS);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    t.clock.advance(ACCRUAL_INTERVAL_MS);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const btcRef = (
      await t.app.ctx.db
        .selectFrom('currencies')
        .select('reference_usdt_price_minor')
        .where('id', '=', BTC)
        .executeTakeFirstOrThrow()
    ).reference_usdt_price_minor;
    const fromBtc = (1_000n * btcRef * 10n * 10n ** 8n) / 10n ** 16n;
    const jc = await ledger.balance(t.app.ctx.db, userAccount(u.id, 'change'), JC_CURRENCY_ID);
    expect(jc.availableMinor).toBe(1_234_567_890n + fromBtc);
    const rows = await t.app.ctx.db.selectFrom('points_accruals').selectAll().execute();
    expect(rows).toHaveLength(2);

    // Exchange 10 JC: gross 1 BEAU, fee 2 % = 0.02, receive 0.98.
    const ex = await t.call(
      'POST',
      '/api/jc/exchange',
      { use_number: '10', password: TRADE_PW },
      { token: u.token },
    );
    expect(ex.body.type, JSON.stringify(ex.body)).toBe('ok');
    expect(await bal(t, u.id, BEAU_CURRENCY_ID)).toEqual({ available: '0.98000000', frozen: '0.00000000' });
    const after = await ledger.balance(t.app.ctx.db, userAccount(u.id, 'change'), JC_CURRENCY_ID);
    expect(after.availableMinor).toBe(jc.availableMinor - 10n * U);
    // Records: page parameter missing.
    const rec = await t.call('GET', '/api/jc/exchange', undefined, { token: u.token });
    expect(rec.body.message.data[0]).toMatchObject({
      exchange_num: '0.98000000',
      integral: '10.00000000',
      fact_market_price: '0.10000000',
      fee: '0.02000000',
    });
    expect(rec.body.message.total).toBe(1);
  });

  it('publishes jc_price in USDT per JC, so the preview clients compute is what the exchange pays', async () => {
    const t = getApp();
    const u = await freshUser(t);
    await credit(t, u.id, JC_CURRENCY_ID, 50n * U);
    await t.call('POST', '/api/jc/bind', { user_name: 'alice', password: 'secret' }, { token: u.token });
    // Another BEAU price than the seed's, with more decimals: the preview must still come out exact.
    await t.app.ctx.db
      .updateTable('currencies')
      .set({ reference_usdt_price_minor: 4_321_987n })
      .where('id', '=', BEAU_CURRENCY_ID)
      .execute();
    const d = (await t.call('GET', '/api/jc/info', undefined, { token: u.token })).body.message;
    expect(d).toMatchObject({
      market_price: '0.04321987',
      beau_per_jc: '0.10000000',
      jc_price: '0.004321987',
    });
    // What a client of this API family shows for 50 JC: use × jc_price ÷ (market_price + jc_price_difference).
    const preview = (50 * Number(d.jc_price)) / (Number(d.market_price) + Number(d.jc_price_difference));
    expect(preview.toFixed(8)).toBe('5.00000000');
    const ex = await t.call(
      'POST',
      '/api/jc/exchange',
      { use_number: '50', password: TRADE_PW },
      { token: u.token },
    );
    expect(ex.body.type, JSON.stringify(ex.body)).toBe('ok');
    // Paid: the previewed gross, less the published 2 % fee.
    const feeMinor = (500_000_000n * BigInt(d.jc_exchange_fee_bps) + 9_999n) / 10_000n;
    expect(feeMinor).toBe(10_000_000n);
    expect(await bal(t, u.id, BEAU_CURRENCY_ID)).toEqual({ available: '4.90000000', frozen: '0.00000000' });
    expect(Number(preview.toFixed(8)) * (1 - Number(d.jc_exchange_fee) / 100)).toBeCloseTo(4.9, 8);
  });

  it('refuses insufficient points, bad amounts and a wrong password; nothing changes', async () => {
    const t = getApp();
    const u = await freshUser(t, { usdtMinor: 10n * U });
    await t.call('POST', '/api/jc/bind', { user_name: 'bob', password: 'secret' }, { token: u.token });
    await runInTransaction(t.app.ctx.db, (trx) =>
      ledger.transfer(trx, {
        from: systemAccount('points_pool'),
        to: userAccount(u.id, 'change'),
        amountMinor: 5n * U,
        currencyId: JC_CURRENCY_ID,
        reason: 'points.earned',
        ref: { type: 'test', id: 1 },
        at: t.clock.now(),
      }),
    );
    const cases: [unknown, string, string][] = [
      ['5.00000001', TRADE_PW, 'POINTS_INSUFFICIENT'],
      ['0', TRADE_PW, 'POINTS_AMOUNT_INVALID'],
      ['-1', TRADE_PW, 'POINTS_AMOUNT_INVALID'],
      ['', TRADE_PW, 'POINTS_AMOUNT_INVALID'],
      ['0.00000001', TRADE_PW, 'POINTS_AMOUNT_INVALID'], // nothing to receive
      ['1', 'wrong-pw', 'TRADE_PASSWORD_WRONG'],
    ];
    for (const [use_number, password, code] of cases) {
      const r = await t.call('POST', '/api/jc/exchange', { use_number, password }, { token: u.token });
      expect(r.body.code, String(use_number)).toBe(code);
    }
    expect((await bal(t, u.id, JC_CURRENCY_ID)).available).toBe('5.00000000');
    expect((await bal(t, u.id, BEAU_CURRENCY_ID)).available).toBe('0.00000000');
  });
});

it('production answers from no sandbox points account unless the operator chose it', async () => {
  const t = await startTestApp('sqlite', { demo: false });
  try {
    expect(pointsProviderOf(t.app.ctx.env)).toBeNull();
    const { db } = t.app.ctx;
    const userId = await usersRepo.insertUser(db, {
      email: 'points-prod@t.local',
      passwordHash: 'x',
      extensionCode: 'PTSPROD1',
      accountNumber: 'points-prod@t.local',
      now: t.clock.now(),
    });
    await expect(
      bindAccount(t.app.ctx, userId, pointsProviderOf(t.app.ctx.env), { user_name: 'a', password: 'b' }),
    ).rejects.toMatchObject({ code: 'POINTS_PROVIDER_NONE' });
    expect(await db.selectFrom('points_bindings').selectAll().execute()).toEqual([]);
    expect(pointsProviderOf({ ORYX_MODE: 'production', POINTS_PROVIDER: 'sandbox' })?.name).toBe('sandbox');
    expect(pointsProviderOf({ ORYX_MODE: 'demo' })?.name).toBe('sandbox');
    expect(pointsProviderOf({ ORYX_MODE: 'demo', POINTS_PROVIDER: 'none' })).toBeNull();
  } finally {
    await t.close();
  }
});
