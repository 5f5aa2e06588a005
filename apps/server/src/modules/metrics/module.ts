import type { ServerModule } from '../module';
import { Metrics } from './metrics';
import { metricsRoutes } from './routes';

declare module '../../lib/services' {
  interface Services {
    /** This app's Prometheus metrics (metrics.ts): every later area counts into it. */
    metrics: Metrics;
  }
}

/** First in the module list: every area after it reads `ctx.services.metrics`, and its request hook sees every route. */
export const metricsModule: ServerModule = {
  name: 'metrics',
  services: (ctx) => ({ metrics: new Metrics(ctx.db) }),
  routes: metricsRoutes,
};
