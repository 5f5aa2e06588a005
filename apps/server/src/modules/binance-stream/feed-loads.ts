/**
 * What a market's feed loads from the database when a stream is first asked for (once per market): the
 * current kline bar of an interval from its trades so far, and the 24 h window's first trade ids.
 */
import type { AppContext } from '../../lib/context';
import { EMPTY_AGGREGATE, type MarketFeed } from './market-feed';
import type { KlineBar, KlineState } from './klines';
import { streamRepo } from './repo';
import { intervalStart, nextIntervalStart } from './stream-names';

const DAY_MS = 86_400_000;

/** The interval's current bar from the trades so far (`last`: the price without one); the bars it closed. */
export async function loadKlineBar(
  ctx: AppContext,
  feed: MarketFeed,
  state: KlineState,
  last: bigint,
): Promise<KlineBar[]> {
  const m = feed.market;
  const start = intervalStart(state.interval, ctx.clock.now());
  const end = nextIntervalStart(state.interval, start);
  try {
    const agg = await streamRepo.tradeAggregate(ctx.db, m.id, start, end);
    const open = agg.firstId === null ? last : ((await streamRepo.tradePrice(ctx.db, agg.firstId)) ?? last);
    const close = agg.lastId === null ? last : ((await streamRepo.tradePrice(ctx.db, agg.lastId)) ?? last);
    return state.loaded(start, agg, open, close, last);
  } catch (err) {
    ctx.log.error({ err, marketId: m.id, interval: state.interval }, 'kline stream: loading the bar failed');
    return state.loaded(start, EMPTY_AGGREGATE, last, last, last);
  }
}

/** The first trade id of each minute of the last day, for the ticker's 24 h window. */
export async function loadFirstIds(ctx: AppContext, feed: MarketFeed): Promise<void> {
  try {
    const since = ctx.clock.now() - DAY_MS - 60_000;
    for (const r of await streamRepo.firstTradeIdsByMinute(ctx.db, feed.market.id, since)) {
      const known = feed.firstIds.get(r.minuteStart);
      if (known === undefined || r.firstId < known) feed.firstIds.set(r.minuteStart, r.firstId);
    }
    feed.isTickerDirty = true;
  } catch (err) {
    ctx.log.error({ err, marketId: feed.market.id }, 'ticker stream: loading trade ids failed');
    feed.isTickerWanted = false;
  }
}
