/**
 * Listen keys shared by the server processes of one database (several processes on Redis): a key made
 * by `POST /api/v3/userDataStream` on one process is kept alive, deleted and connected to on any other.
 * The same rules as listen-keys.ts (LISTEN_KEY_TTL_MS, LISTEN_KEYS_PER_USER, 60 letters and digits),
 * kept in Redis inside the cluster's namespace:
 *
 * - `binance:listenKey:<key>` = the user id, expiring after LISTEN_KEY_TTL_MS (Redis's clock), renewed by
 *   a keepalive; `binance:listenKeys:<userId>`, a sorted set of the user's keys by creation time, for
 *   the per-user cap (keys gone from Redis are dropped from it when the user makes a new one).
 * - A key ended by `DELETE` or by a sixth key is announced on `binance:listenKeyEnded`: every process
 *   sends `listenKeyExpired` to its connections of the key and closes them.
 * - A key that expires is seen by each process that follows it at its next check (every SWEEP_MS,
 *   only while it follows keys): its connections get `listenKeyExpired` then, up to a minute late.
 *
 * Each process keeps the keys its connections follow (`verify` on subscribing), so the user-data feed
 * reads them synchronously per batch (`keysOf`), as from the in-memory store.
 */
import type { Timer } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { LISTEN_KEY_TTL_MS, LISTEN_KEYS_PER_USER, newListenKey, type ListenKeyStore } from './listen-keys';

const ENDED_CHANNEL = 'binance:listenKeyEnded';
const SWEEP_MS = 60_000;

export class SharedListenKeys implements ListenKeyStore {
  /** The keys this process's connections follow, with their users (checked in Redis by `verify`). */
  private readonly known = new Map<string, number>();
  private sweeper: Timer | null = null;
  private stopEnded: (() => void) | null = null;
  /** Told when a key ends (expired, deleted, replaced): the hub closes its connections. */
  onEnd: (key: string) => void = () => {};
  /** Whether a connection of this process follows the key (the hub's subscriptions). */
  isFollowed: (key: string) => boolean = () => true;

  constructor(private readonly ctx: AppContext) {}

  private get bus() {
    return this.ctx.services.cluster.bus;
  }

  private get redis() {
    return this.bus.redis!;
  }

  private keyOf(key: string): string {
    return this.bus.key(`binance:listenKey:${key}`);
  }

  private userSet(userId: number): string {
    return this.bus.key(`binance:listenKeys:${userId}`);
  }

  /** Hears the keys the other processes end (after the bus started). */
  start(): void {
    this.stopEnded = this.bus.subscribe(this.bus.key(ENDED_CHANNEL), (key) => this.forget(key));
  }

  /** A new key for the user (their oldest ends if they hold LISTEN_KEYS_PER_USER already). */
  async create(userId: number): Promise<string> {
    const set = this.userSet(userId);
    const own = await this.redis.zrange(set, 0, -1);
    const users = own.length > 0 ? await this.redis.mget(own.map((k) => this.keyOf(k))) : [];
    const live = own.filter((_, i) => users[i] === String(userId));
    const gone = own.filter((_, i) => users[i] !== String(userId));
    if (gone.length > 0) await this.redis.zrem(set, ...gone);
    while (live.length >= LISTEN_KEYS_PER_USER) await this.end(live.shift()!, userId);
    const key = newListenKey();
    await this.redis
      .multi()
      .set(this.keyOf(key), String(userId), 'PX', LISTEN_KEY_TTL_MS)
      .zadd(set, Date.now(), key)
      .pexpire(set, LISTEN_KEY_TTL_MS)
      .exec();
    return key;
  }

  /** The key's user in Redis while it lives; undefined for an unknown or expired key. */
  async lookUp(key: string): Promise<number | undefined> {
    const v = await this.redis.get(this.keyOf(key));
    return v === null ? undefined : Number(v);
  }

  /** Another LISTEN_KEY_TTL_MS for the user's live key; false when it is not (or not theirs). */
  async keepalive(key: string, userId: number): Promise<boolean> {
    if ((await this.lookUp(key)) !== userId) return false;
    const r = await this.redis
      .multi()
      .pexpire(this.keyOf(key), LISTEN_KEY_TTL_MS)
      .pexpire(this.userSet(userId), LISTEN_KEY_TTL_MS)
      .exec();
    return r?.[0]?.[1] === 1;
  }

  /** Ends the user's live key everywhere; false when it is not (or not theirs). */
  async remove(key: string, userId: number): Promise<boolean> {
    if ((await this.lookUp(key)) !== userId) return false;
    await this.end(key, userId);
    return true;
  }

  private async end(key: string, userId: number): Promise<void> {
    await this.redis.multi().del(this.keyOf(key)).zrem(this.userSet(userId), key).exec();
    this.bus.publish(this.bus.key(ENDED_CHANNEL), key);
  }

  /** Checks a key in Redis before a connection follows it; then `userOf` answers it here. */
  async verify(key: string): Promise<void> {
    const userId = await this.lookUp(key).catch(() => undefined);
    if (userId === undefined) return void this.known.delete(key);
    this.known.set(key, userId);
    this.sweeper ??= this.ctx.clock.setInterval(() => void this.sweep(), SWEEP_MS);
  }

  /** The user of a key this process checked (`verify`) and still follows. */
  userOf(key: string): number | undefined {
    return this.known.get(key);
  }

  /** The user's followed keys. */
  keysOf(userId: number): string[] {
    const out: string[] = [];
    for (const [key, u] of this.known) if (u === userId) out.push(key);
    return out;
  }

  get size(): number {
    return this.known.size;
  }

  /** The followed keys that expired in Redis end here; keys nobody follows any more are forgotten. */
  async sweep(): Promise<void> {
    for (const key of [...this.known.keys()]) if (!this.isFollowed(key)) this.known.delete(key);
    const keys = [...this.known.keys()];
    if (keys.length > 0) {
      const users = await this.redis.mget(keys.map((k) => this.keyOf(k))).catch(() => null);
      if (users) keys.forEach((k, i) => users[i] === null && this.forget(k));
    }
    if (this.known.size === 0) {
      this.sweeper?.clear();
      this.sweeper = null;
    }
  }

  private forget(key: string): void {
    this.known.delete(key);
    this.onEnd(key);
  }

  stop(): void {
    this.stopEnded?.();
    this.sweeper?.clear();
    this.sweeper = null;
    this.known.clear();
  }
}
