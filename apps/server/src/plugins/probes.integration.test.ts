/**
 * The probes (probes.ts): /livez answers at once; /readyz answers 503 naming what is missing until this
 * process's spot books are loaded (and, with the demo maker, quoted) and the mark has sampled them
 * since, then 200. The test apps run no background work, so the sampler is started here on the manual clock.
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../test/harness';
import { SAMPLER_TICK_MS, startMarkSampler } from '../modules/mark/sampler';

/**
 * Lets the sampler's ticks fire on the manual clock until /readyz answers 200 (a sample's writes take
 * real time on PostgreSQL, beyond what one elapse settles); gives up after 40 ticks.
 */
async function readyzOnceSampled(t: TestApp) {
  for (let i = 0; i < 40; i++) {
    await t.elapse(SAMPLER_TICK_MS);
    const r = await t.call('GET', '/readyz');
    if (r.status === 200) return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return t.call('GET', '/readyz');
}

describeEachDb('probes', (getApp) => {
  it('GET /livez answers 200 whatever the rest is doing', async () => {
    const t = getApp();
    const r = await t.call('GET', '/livez');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 503 with what is missing until the mark has sampled the loaded books, then 200', async () => {
    const t = getApp();
    const before = await t.call('GET', '/readyz');
    expect(before.status).toBe(503);
    expect(before.body).toEqual({
      status: 'not_ready',
      checks: {
        database: 'ok',
        migrations: 'ok',
        cluster: 'ok', // the processes' bus (in-process here; Redis answers when REDIS_URL is set)
        spot: 'ok',
        mark: 'the book sampler is not running',
      },
    });

    const stop = await startMarkSampler(t.app.ctx);
    try {
      const started = await t.call('GET', '/readyz');
      // Running, but no snapshot yet since the books were loaded (none is taken before its first tick).
      expect(started.status).toBe(503);
      expect(started.body.checks.mark).toMatch(
        /^no book snapshot yet since the books were ready: markets \d/,
      );

      const after = await readyzOnceSampled(t);
      expect(after.body).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', cluster: 'ok', spot: 'ok', mark: 'ok' },
      });
      expect(after.status).toBe(200);
      expect(after.res.headers['cache-control']).toBe('no-store');

      // With the demo market maker on, the books are ready only once it has quoted, and the mark waits
      // for a snapshot taken after that.
      const bot = t.app.ctx.services.spot.demoBot;
      bot.isOn = true;
      try {
        const quoting = await t.call('GET', '/readyz');
        expect(quoting.status).toBe(503);
        expect(quoting.body.checks.spot).toBe('the demo market maker has not quoted every market yet');
        expect(quoting.body.checks.mark).toBe('waiting for the spot books');
        await t.elapse(10); // the quotes rest after the last snapshot
        bot.firstQuotesAt = t.clock.now();
        expect((await t.call('GET', '/readyz')).body.checks).toMatchObject({ spot: 'ok' });
        expect((await t.call('GET', '/readyz')).status).toBe(503);
        expect((await readyzOnceSampled(t)).status).toBe(200);
      } finally {
        bot.isOn = false;
        bot.firstQuotesAt = null;
      }

      // An engine that lost its ownership (matching suspended) is not ready.
      const engine = t.app.ctx.services.spot.engine;
      engine.suspend();
      try {
        const suspended = await t.call('GET', '/readyz');
        expect(suspended.status).toBe(503);
        expect(suspended.body.checks.spot).toBe(
          'spot matching is suspended (another server holds the engine)',
        );
      } finally {
        await engine.resume();
      }
    } finally {
      await stop();
    }
  });
});
