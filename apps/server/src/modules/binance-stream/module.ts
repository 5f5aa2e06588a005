import type { ServerModule } from '../module';
import { StreamHub } from './hub';
import { ListenKeys } from './listen-keys';
import { StreamServer } from './ws-server';

declare module '../../lib/services' {
  interface Services {
    binanceStream: {
      /** Subscriptions and the markets' feeds, following the spot engine's commits. */
      hub: StreamHub;
      /** The WebSocket endpoint (`/ws`, `/stream`), attached to the HTTP server with the routes. */
      server: StreamServer;
      /** The user-data stream's listen keys (in memory), made and ended by the REST side. */
      listenKeys: ListenKeys;
    };
  }
}

/**
 * Binance-compatible market-data streams and the user-data stream. The hub follows the spot engine from `start` (spot has started
 * by then); the endpoint takes its upgrades on the app's HTTP server from `routes`. Stopping closes
 * every connection before the HTTP server stops.
 */
export const binanceStreamModule: ServerModule = {
  name: 'binance-stream',
  services: (ctx) => {
    const listenKeys = new ListenKeys(ctx.clock);
    const hub = new StreamHub(ctx, listenKeys);
    listenKeys.onEnd = (key) => hub.endUserStream(key);
    return { binanceStream: { hub, server: new StreamServer(ctx, hub), listenKeys } };
  },
  start: async (ctx) => {
    const { hub, server } = ctx.services.binanceStream;
    hub.start();
    return async () => {
      await server.close();
      hub.stop();
      ctx.services.binanceStream.listenKeys.stop();
    };
  },
  routes: async (app, ctx) => {
    ctx.services.binanceStream.server.attach(app.server);
  },
};
