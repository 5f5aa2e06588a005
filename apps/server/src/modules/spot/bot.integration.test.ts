/**
 * The demo market maker re-quotes its ladder side by side (bot.ts MarketBot): clients of this API family
 * replace their whole book with each `market_depth` push, so no push may show a side of the book empty
 * or half of a re-quote. The maker re-quotes through many mids, up and down, with the clock moving past
 * the push throttle between steps; every depth push of the market must carry both sides.
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import type { RecordingRealtime } from '../../realtime/realtime';
import { BOT_MAKER_EMAIL, BOT_TAKER_EMAIL, MarketBot } from './bot';
import { createRng } from './engine/prng';

const BTC_MARKET = 1;

interface DepthPush {
  market_id?: number;
  legal_id?: number;
  currency_id?: number;
  asks: unknown[];
  bids: unknown[];
}

describeEachDb('spot demo maker: depth pushes are whole books', (getApp) => {
  it('re-quoting through rising and falling mids never publishes a book with an empty side', async () => {
    const t = getApp();
    const spot = t.app.ctx.services.spot.engine;
    const m = spot.market(BTC_MARKET)!;
    const bot = new MarketBot(
      spot,
      m,
      await t.userId(BOT_MAKER_EMAIL),
      await t.userId(BOT_TAKER_EMAIL),
      createRng(11),
    );
    const ref = Number(m.referencePrice) / 10 ** m.quoteScale;
    await bot.requoteAt(ref);
    await t.elapse(1_000);
    const sent = (t.app.ctx.realtime as RecordingRealtime).sent;
    sent.length = 0;

    // Up 0.4 %, down 0.8 %, back: each step moves the mid past several of the maker's levels.
    const mids = [1.001, 1.002, 1.003, 1.004, 1.0, 0.998, 0.996, 0.997, 1.0].map((f) => ref * f);
    for (const mid of mids) {
      await bot.requoteAt(mid);
      await t.elapse(300);
    }
    await t.elapse(1_000);

    const depths = sent
      .filter((e) => e.event === 'market_depth')
      .map((e) => e.payload as DepthPush)
      .filter((d) => d.currency_id === m.currencyId || d.market_id === BTC_MARKET);
    expect(depths.length).toBeGreaterThanOrEqual(mids.length);
    for (const d of depths) {
      expect(d.bids.length).toBeGreaterThan(0);
      expect(d.asks.length).toBeGreaterThan(0);
    }
    await bot.withdraw();
  });
});
