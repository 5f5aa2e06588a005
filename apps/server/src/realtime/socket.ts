import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { SOCKET_PATH, type LoginEmit, type MarketEvents, type UserEvents } from '@oryx/contracts/socket';
import type { FastifyBaseLogger } from 'fastify';
import type { Realtime } from './realtime';

export const userRoom = (userId: number) => `user:${userId}`;

export interface SocketOptions {
  httpServer: HttpServer;
  redisUrl?: string | undefined;
  log: FastifyBaseLogger;
  /** Resolves a session token to its user id, or null. */
  verifyToken(token: string): Promise<number | null>;
}

/**
 * socket.io at `/wss/` on the API's own port. Engine.IO v3 clients (socket.io-client 2.x, used by
 * existing clients of this API family) are accepted as well as current ones. With REDIS_URL several
 * processes share rooms through the Redis adapter.
 */
export async function createSocketServer(
  opts: SocketOptions,
): Promise<{ io: Server; realtime: Realtime; close(): Promise<void> }> {
  const io = new Server(opts.httpServer, {
    path: SOCKET_PATH,
    allowEIO3: true,
    serveClient: false,
    cors: { origin: false },
    maxHttpBufferSize: 16 * 1024,
  });
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (opts.redisUrl) {
    // Connect both clients before the adapter subscribes, so no command is queued on a closed link.
    pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
  }

  io.on('connection', (socket) => {
    socket.on('login', async (payload: LoginEmit, ack?: (r: { type: string; message: string }) => void) => {
      try {
        const token = typeof payload === 'object' && payload !== null ? payload.token : undefined;
        const userId = typeof token === 'string' && token.length > 0 ? await opts.verifyToken(token) : null;
        for (const room of socket.rooms) if (room.startsWith('user:')) await socket.leave(room);
        if (userId !== null) {
          await socket.join(userRoom(userId));
          ack?.({ type: 'ok', message: 'joined' });
        } else {
          // A bare user id proves nothing: market events still arrive, private ones do not.
          ack?.({ type: '999', message: 'no valid session: market events only' });
        }
      } catch (err) {
        opts.log.warn({ err }, 'socket login failed');
      }
    });
  });

  const realtime: Realtime = {
    toAll<E extends keyof MarketEvents>(event: E, payload: MarketEvents[E]) {
      io.emit(event, payload);
    },
    toUser<E extends keyof UserEvents>(userId: number, event: E, payload: UserEvents[E]) {
      io.to(userRoom(userId)).emit(event, payload);
    },
  };

  return {
    io,
    realtime,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.allSettled([sub?.quit(), pub?.quit()]);
    },
  };
}
