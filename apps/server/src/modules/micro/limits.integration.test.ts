/**
 * Seconds-option limits that follow the book, the mark's settings refusals, and the fallback when an
 * expiry has no data: over the real server, with a scripted history whose cost of moving the mark is set.
 */
import { expect, it } from 'vitest';
import { LOCALES } from '@oryx/i18n';
import { describeEachDb } from '../../../test/harness';
import { AppError } from '../../lib/app-error';
import { saveMarkConfig, markConfig } from '../mark/config';
import { markAt } from '../mark/service';
import { runDueJobs } from '../scheduler/scheduler';
import { MICRO_LIMIT_DEFAULTS, saveMicroLimits } from './config';
import { ScriptedTrades } from '../mark/scripted-trades';

const U = 100_000_000n;
const P = (s: string) => BigInt(Math.round(Number(s) * 100)) * 1_000_000n;
const BTC = 1;
const USDT = 1;

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err instanceof AppError ? { code: err.code, params: err.params } : err;
  }
  return null;
};

describeEachDb('micro: limits follow the cost of moving the mark', (getApp) => {
  it('refuses a stake whose payout exceeds its share of that cost, and a direction whose payouts fill it', async () => {
    const t = getApp();
    const feed = new ScriptedTrades();
    t.app.ctx.services.mark.prices = feed;
    const token = await t.tokenFor('demo1@oryx.local');
    const other = await t.tokenFor('demo2@oryx.local');
    feed.add(BTC, P('96000'), t.clock.now() - 1000);
    const body = { match_id: BTC, currency_id: USDT, type: 1, seconds: 60 };
    const submit = (number: number, tk = token, type = 1, locale = 'en') =>
      t.call(
        'POST',
        '/api/microtrade/submit',
        { ...body, type, number },
        { token: tk, headers: { 'x-locale': locale } },
      );

    // No book deep enough: nothing is accepted, in every language.
    feed.moveCostMinor = null;
    for (const locale of LOCALES) {
      const r = await submit(10, token, 1, locale);
      expect(r.body.code).toBe('MICRO_MARKET_TOO_THIN');
      expect(r.body.message).not.toBe('MICRO_MARKET_TOO_THIN');
    }
    // Moving the mark costs 100 USDT: one order may win 50 (50 %), so stake at most 500 at 10 %;
    // all open up-orders together may win 100, so 1,000 USDT of stakes.
    feed.moveCostMinor = 100n * U;
    const above = await submit(501);
    expect(above.body.code).toBe('MICRO_STAKE_ABOVE_DEPTH');
    expect(above.body.message).toContain('500');
    expect((await submit(500)).body.type).toBe('ok');
    expect((await submit(500, other)).body.type).toBe('ok');
    const full = await submit(10, other);
    expect(full.body.code).toBe('MICRO_EXPOSURE_FULL');
    // The other direction has its own room (a move helps one direction and hurts the other).
    expect((await submit(500, other, 2)).body.type).toBe('ok');
    // An operator's limits: stricter is fine, zero or above the cost is refused.
    await saveMicroLimits(t.app.ctx.db, { marketId: BTC, stakeCostBps: 1_000, exposureCostBps: 10_000 }, 0);
    expect((await submit(101, other, 2)).body.code).toBe('MICRO_STAKE_ABOVE_DEPTH');
    for (const bad of [
      { stakeCostBps: 0, exposureCostBps: 10_000 },
      { stakeCostBps: 5_000, exposureCostBps: 0 },
      { stakeCostBps: 5_000, exposureCostBps: 20_000 },
      { stakeCostBps: 6_000, exposureCostBps: 5_000 },
    ]) {
      expect(await refusal(saveMicroLimits(t.app.ctx.db, { marketId: BTC, ...bad }, 0))).toMatchObject({
        code: 'MICRO_CONFIG_INVALID',
      });
    }
    await saveMicroLimits(t.app.ctx.db, { marketId: BTC, ...MICRO_LIMIT_DEFAULTS }, 0);
  });

  it('refuses mark settings that would empty the window or mean nothing; keeps a good change', async () => {
    const t = getApp();
    const db = t.app.ctx.db;
    const base = await markConfig(db, BTC);
    expect(base).toMatchObject({
      windowMs: 15_000,
      sampleMs: 1_000,
      bandBps: 50,
      impactQuoteMinor: 2_000n * U,
    });
    for (const patch of [
      { windowMs: 0 },
      { sampleMs: 0 },
      { sampleMs: 20_000 },
      { bandBps: 0 },
      { userCapBps: 0 },
      { impactQuoteMinor: 0n },
    ]) {
      expect(await refusal(saveMarkConfig(db, { ...base, ...patch }, 0))).toMatchObject({
        code: 'MARK_CONFIG_INVALID',
      });
    }
    expect(await markConfig(db, BTC)).toEqual(base);
    const saved = await saveMarkConfig(db, { ...base, windowMs: 30_000 }, 0);
    expect(saved.windowMs).toBe(30_000);
    await saveMarkConfig(db, base, 0);
  });

  it('an expiry with no data at all settles on the open price: a draw, never an error', async () => {
    const t = getApp();
    const feed = new ScriptedTrades();
    t.app.ctx.services.mark.prices = feed;
    t.clock.advance(120_000);
    const t0 = t.clock.now();
    feed.add(BTC, P('96000'), t0 - 1000);
    const token = await t.tokenFor('seller@oryx.local');
    const r = await t.call(
      'POST',
      '/api/microtrade/submit',
      { match_id: BTC, currency_id: USDT, type: 1, seconds: 60, number: 10 },
      { token },
    );
    expect(r.body.type).toBe('ok');
    // The recorded data is gone (a history without this market): nothing to mark the expiry with.
    const empty = new ScriptedTrades();
    t.app.ctx.services.mark.prices = empty;
    expect((await markAt(t.app.ctx.db, BTC, t0 + 60_000, empty)).method).toBe('none');
    t.clock.set(t0 + 60_000);
    // (The first test's orders settle here too, on the same empty history.)
    expect((await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now())).failed).toBe(0);
    const o = await t.app.ctx.db
      .selectFrom('micro_orders')
      .selectAll()
      .where('user_id', '=', await t.userId('seller@oryx.local'))
      .executeTakeFirstOrThrow();
    expect(o).toMatchObject({ status: 3, result: 0, end_price_minor: P('96000') });
    const proof = (await t.call('GET', '/api/microtrade/proof', { id: o.id })).body.message;
    expect(proof.end_mark).toMatchObject({ method: 'none' });
  });

  it('the operator edits both through the admin calls; bad settings are refused with a clear error', async () => {
    const t = getApp();
    const admin = await t.tokenFor('admin@oryx.local');
    const user = await t.tokenFor('demo1@oryx.local');
    const cfg = await t.call('GET', '/api/admin/mark/config', undefined, { token: admin });
    expect(cfg.body.message.markets.find((m: { market_id: number }) => m.market_id === BTC)).toEqual({
      market_id: BTC,
      symbol: 'BTC/USDT',
      window_ms: 15_000,
      sample_ms: 1_000,
      band_bps: 50,
      impact_quote: '2000.00000000',
      trade_weight_bps: 2_000,
      user_cap_bps: 2_500,
    });
    const good = {
      market_id: BTC,
      window_ms: 20_000,
      sample_ms: 1_000,
      band_bps: 40,
      impact_quote: '5000',
      trade_weight_bps: 1_000,
      user_cap_bps: 2_500,
    };
    expect((await t.call('POST', '/api/admin/mark/config', good, { token: user })).body.code).toBe(
      'FORBIDDEN',
    );
    for (const [patch, locale] of [
      [{ window_ms: 0 }, 'zh'],
      [{ sample_ms: 30_000 }, 'en'],
      [{ impact_quote: '0' }, 'jp'],
    ] as const) {
      const r = await t.call(
        'POST',
        '/api/admin/mark/config',
        { ...good, ...patch },
        {
          token: admin,
          headers: { 'x-locale': locale },
        },
      );
      expect(r.body.code).toBe('MARK_CONFIG_INVALID');
      expect(r.body.message).not.toBe('MARK_CONFIG_INVALID');
    }
    const saved = await t.call('POST', '/api/admin/mark/config', good, { token: admin });
    expect(saved.body.message.markets.find((m: { market_id: number }) => m.market_id === BTC)).toMatchObject({
      window_ms: 20_000,
      impact_quote: '5000.00000000',
    });
    const limits = { market_id: BTC, stake_cost_bps: 2_500, exposure_cost_bps: 5_000 };
    expect((await t.call('POST', '/api/admin/micro/limits', limits, { token: admin })).body.message).toEqual(
      limits,
    );
    const zero = await t.call(
      'POST',
      '/api/admin/micro/limits',
      { ...limits, stake_cost_bps: 0 },
      { token: admin },
    );
    expect(zero.body.code).toBe('MICRO_CONFIG_INVALID');
  });
});
