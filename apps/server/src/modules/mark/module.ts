import type { ServerModule } from '../module';
import { markRoutes } from './routes';
import { startMarkSampler } from './sampler';

export const markModule: ServerModule = {
  name: 'mark',
  // The operator's mark settings (window, band, weights).
  routes: markRoutes,
  // Snapshots of every committed book at fixed intervals: the recorded inputs of every mark price.
  background: startMarkSampler,
};
