import type { AppContext } from '../../lib/context';
import type { ServerModule } from '../module';
import { booksReadyAt } from '../spot/readiness';
import { recordedMark, type MarkPriceSource } from './price-source';
import { markRoutes } from './routes';
import { newSamplerState, startMarkSampler, type SamplerState } from './sampler';

declare module '../../lib/services' {
  interface Services {
    mark: {
      /**
       * Where micro and lever read the mark (price-source.ts): the recorded mark in production; tests
       * and the benchmarks put a scripted history here (scripted-trades.ts).
       */
      prices: MarkPriceSource;
      /** The sampler's last sample per market and its cached settings (sampler.ts). */
      sampler: SamplerState;
    };
  }
}

/**
 * Ready once every open market has a book snapshot recorded after its books were ready (spot's
 * readiness.ts): from then on the mark and the cost of moving it are read from the live book, so a
 * seconds-option or leveraged order is not refused as "too thin" for want of a sample. Only the markets
 * this process owns are waited for: the others are sampled by their owners (sampler.ts).
 */
function markReadiness(ctx: AppContext): string | null {
  const st = ctx.services.mark.sampler;
  if (!st.isRunning) return 'the book sampler is not running';
  const since = booksReadyAt(ctx);
  if (since === null) return 'waiting for the spot books';
  const engine = ctx.services.spot.engine;
  const waiting = engine
    .allMarkets()
    .filter((m) => m.isOpen && engine.owns(m.id) && (st.recordedAt.get(m.id) ?? -Infinity) < since)
    .map((m) => m.id);
  return waiting.length === 0
    ? null
    : `no book snapshot yet since the books were ready: markets ${waiting.join(', ')}`;
}

export const markModule: ServerModule = {
  name: 'mark',
  services: () => ({ mark: { prices: recordedMark, sampler: newSamplerState() } }),
  // The operator's mark settings (window, band, weights).
  routes: markRoutes,
  // Snapshots of every committed book at fixed intervals: the recorded inputs of every mark price.
  background: startMarkSampler,
  ready: markReadiness,
};
