import type { ServerModule } from '../module';
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

export const markModule: ServerModule = {
  name: 'mark',
  services: () => ({ mark: { prices: recordedMark, sampler: newSamplerState() } }),
  // The operator's mark settings (window, band, weights).
  routes: markRoutes,
  // Snapshots of every committed book at fixed intervals: the recorded inputs of every mark price.
  background: startMarkSampler,
};
