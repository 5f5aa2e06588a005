/**
 * The processes' message bus: publish / subscribe between the server processes of one database, and the
 * Redis connection the spot engine's command streams use. With `REDIS_URL` it is Redis (pub/sub on a
 * connection of its own, commands on another); without it, one process talks to itself (an in-process
 * emitter), which is all the embedded shape needs.
 *
 * Every channel and key is prefixed with the cluster's namespace (`oryx:<hash of DATABASE_URL>:`), so
 * servers of different databases (the test suite's, a staging and a production exchange) may share one
 * Redis without hearing each other.
 */
import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export interface ClusterBus {
  /** This process's id in the cluster (random per start). */
  readonly processId: string;
  /** True when messages cross processes (Redis); false: this process only. */
  readonly isShared: boolean;
  /** `oryx:<namespace>:<name>`: the cluster's name for a channel or a key. */
  key(name: string): string;
  publish(channel: string, message: string): void;
  /** Calls `fn` with every message on the channel (already prefixed by `key`) until the returned stop. */
  subscribe(channel: string, fn: (message: string) => void): () => void;
  /**
   * Resolves once every subscription asked for so far is live (Redis has confirmed it), so what is
   * published from then on reaches it: a reader that loads state and then follows changes subscribes,
   * awaits this, then loads, and misses nothing committed in between.
   */
  subscribed(): Promise<void>;
  /** The Redis command connection (streams, keys); undefined without Redis. */
  readonly redis: Redis | undefined;
  /** A new Redis connection of its own (for blocking reads); the caller quits it. Redis only. */
  connection(): Redis;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function namespaceOf(databaseUrl: string): string {
  return createHash('sha256').update(databaseUrl).digest('hex').slice(0, 12);
}

class LocalBus implements ClusterBus {
  readonly processId = randomUUID();
  readonly isShared = false;
  readonly redis = undefined;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(private readonly ns: string) {}

  key(name: string): string {
    return `oryx:${this.ns}:${name}`;
  }

  publish(channel: string, message: string): void {
    // Delivered after the caller's turn, as a Redis message would be.
    setImmediate(() => this.emitter.emit(channel, message));
  }

  subscribe(channel: string, fn: (message: string) => void): () => void {
    this.emitter.on(channel, fn);
    return () => this.emitter.off(channel, fn);
  }

  async subscribed(): Promise<void> {}

  connection(): Redis {
    throw new Error('the cluster bus has no Redis (REDIS_URL is not set)');
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

class RedisBus implements ClusterBus {
  readonly processId = randomUUID();
  readonly isShared = true;
  readonly redis: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private readonly extra = new Set<Redis>();
  /** The last SUBSCRIBE asked for (Redis answers them in order). */
  private lastSubscribe: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly ns: string,
  ) {
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.sub.on('message', (channel: string, message: string) => {
      for (const fn of this.handlers.get(channel) ?? []) {
        try {
          fn(message);
        } catch {
          // a subscriber's failure is its own (each logs what it needs)
        }
      }
    });
  }

  key(name: string): string {
    return `oryx:${this.ns}:${name}`;
  }

  publish(channel: string, message: string): void {
    void this.redis.publish(channel, message).catch(() => {});
  }

  subscribe(channel: string, fn: (message: string) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.lastSubscribe = this.sub.subscribe(channel).catch(() => {});
    }
    set.add(fn);
    return () => {
      const s = this.handlers.get(channel);
      if (!s) return;
      s.delete(fn);
      if (s.size === 0) {
        this.handlers.delete(channel);
        void this.sub.unsubscribe(channel).catch(() => {});
      }
    };
  }

  async subscribed(): Promise<void> {
    await this.lastSubscribe;
  }

  connection(): Redis {
    const c = new Redis(this.url, { maxRetriesPerRequest: null });
    c.on('error', () => {});
    this.extra.add(c);
    c.once('end', () => this.extra.delete(c));
    return c;
  }

  async start(): Promise<void> {
    this.redis.on('error', () => {});
    this.sub.on('error', () => {});
    await Promise.all([this.redis.connect(), this.sub.connect()]);
  }

  async stop(): Promise<void> {
    this.handlers.clear();
    for (const c of this.extra) c.disconnect();
    await Promise.allSettled([this.sub.quit(), this.redis.quit()]);
  }
}

export function createBus(redisUrl: string | undefined, databaseUrl: string): ClusterBus {
  const ns = namespaceOf(databaseUrl);
  return redisUrl ? new RedisBus(redisUrl, ns) : new LocalBus(ns);
}
