import type { ServerModule } from '../module';
import { StreamHub } from './hub';
import { ListenKeys, type ListenKeyStore } from './listen-keys';
import { SharedListenKeys } from './listen-keys-shared';
import { StreamServer } from './ws-server';

declare module '../../lib/services' {
  interface Services {
    binanceStream: {
      /** Subscriptions and the markets' feeds, following the spot engine's commits. */
      hub: StreamHub;
      /** The WebSocket endpoint (`/ws`, `/stream`), attached to the HTTP server with the routes. */
      server: StreamServer;
      /**
       * The user-data stream's listen keys, made and ended by the REST side: in memory (one process),
       * in Redis with several processes (listen-keys-shared.ts).
       */
      listenKeys: ListenKeyStore;
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
    const listenKeys = ctx.env.REDIS_URL ? new SharedListenKeys(ctx) : new ListenKeys(ctx.clock);
    const hub = new StreamHub(ctx, listenKeys);
    listenKeys.onEnd = (key) => hub.endUserStream(key);
    if (listenKeys instanceof SharedListenKeys) listenKeys.isFollowed = (key) => hub.has(key);
    return { binanceStream: { hub, server: new StreamServer(ctx, hub), listenKeys } };
  },
  start: async (ctx) => {
    const { hub, server, listenKeys } = ctx.services.binanceStream;
    listenKeys.start?.();
    await hub.start();
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
