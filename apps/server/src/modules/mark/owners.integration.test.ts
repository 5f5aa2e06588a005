/**
 * The book sampler records only the markets this process owns (`spot.engine.owns`, replaced here for a
 * while, as another process owning a market would make it), and the mark's readiness waits only for
 * those: the others are sampled by their owners, and every process reads the mark from the rows.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import type { SpotService } from '../spot/service';
import { markModule } from './module';
import { sampleBooks } from './sampler';

const BTC_MARKET = 1;

const snapshotsOf = (t: TestApp, marketId: number) =>
  t.app.ctx.db.selectFrom('mark_book_snapshots').select('at_ms').where('market_id', '=', marketId).execute();

describeEachDb('mark: the sampler on the market’s owner only', (getApp) => {
  let t: TestApp;
  let engine: SpotService;
  let ownsHere: SpotService['owns'];
  beforeAll(() => {
    t = getApp();
    engine = t.app.ctx.services.spot.engine;
    ownsHere = engine.owns.bind(engine);
  });
  afterEach(() => {
    engine.owns = ownsHere;
  });

  it('samples and waits for the owned markets only', async () => {
    const ctx = t.app.ctx;
    const open = engine.allMarkets().filter((m) => m.isOpen);
    expect(open.map((m) => m.id)).toContain(BTC_MARKET);
    // As the background sampler would (tests run without background work).
    ctx.services.mark.sampler.isRunning = true;
    const ready = () => markModule.ready!(ctx);
    expect(ready()).toMatch(/no book snapshot yet since the books were ready: markets 1, /);

    engine.owns = (marketId) => marketId !== BTC_MARKET; // BTC/USDT is another process's
    t.clock.advance(1_000);
    const at = t.clock.now();
    expect(await sampleBooks(ctx, at)).toBe(open.length - 1);
    expect(await snapshotsOf(t, BTC_MARKET)).toEqual([]);
    for (const m of open.filter((m) => m.id !== BTC_MARKET))
      expect(await snapshotsOf(t, m.id)).toEqual([{ at_ms: at }]);
    expect(ready()).toBeNull();

    engine.owns = ownsHere; // this process takes BTC/USDT: it is waited for until sampled here
    expect(ready()).toBe('no book snapshot yet since the books were ready: markets 1');
    t.clock.advance(1_000);
    expect(await sampleBooks(ctx, t.clock.now())).toBe(open.length);
    expect(await snapshotsOf(t, BTC_MARKET)).toEqual([{ at_ms: t.clock.now() }]);
    expect(ready()).toBeNull();
    ctx.services.mark.sampler.isRunning = false;
  });
});
