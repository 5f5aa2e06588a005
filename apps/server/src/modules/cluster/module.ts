import type { ServerModule } from '../module';
import { createBus, type ClusterBus } from './bus';

declare module '../../lib/services' {
  interface Services {
    cluster: {
      /** Messages between the server processes of this database (bus.ts); in-process without Redis. */
      bus: ClusterBus;
    };
  }
}

/**
 * The server processes of one database: their bus (Redis when `REDIS_URL` is set). Listed before the
 * areas that talk across processes (spot's command routing and market feed, lever's index).
 */
export const clusterModule: ServerModule = {
  name: 'cluster',
  services: (ctx) => ({ cluster: { bus: createBus(ctx.env.REDIS_URL, ctx.env.DATABASE_URL) } }),
  start: async (ctx) => {
    const bus = ctx.services.cluster.bus;
    await bus.start();
    return () => bus.stop();
  },
  ready: (ctx) =>
    ctx.services.cluster.bus.redis && ctx.services.cluster.bus.redis.status !== 'ready'
      ? `Redis is ${ctx.services.cluster.bus.redis.status}`
      : null,
};
